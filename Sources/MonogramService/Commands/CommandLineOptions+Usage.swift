extension CommandLineOptions {
    /// The `--help` text: commands, flags, the environment variable scheme and exit codes.
    public static let usage = """
        USAGE: monogram [serve] [--config PATH] [--host HOST] [--port PORT]
               monogram healthcheck [--config PATH] [--host HOST] [--port PORT]
               monogram render NAME [--config PATH] [--PARAMETER VALUE]... -o FILE|-
               monogram sign [--config PATH] [--expires DURATION] TARGET
               monogram sign [--config PATH] [--expires DURATION] /purge BODY
               monogram tag KEY
               monogram --help | --version

        Monogram serves avatars over HTTP/1.1: a person's picture, or their initials on a
        colour that is always the same for the same person.

        COMMANDS:
          serve           run the HTTP service until SIGTERM or SIGINT (the default)
          healthcheck     GET /healthz on the configured host and port; exit 0 on 200, else 1
          render          draw one avatar into FILE, as GET /avatar/NAME?PARAMETER=VALUE would
                          (the same parse: NAME may end in .png, .svg, .json, .webp or .avif)
          sign            print TARGET (/avatar/…, /group/… or a full URL) with the sig= of
                          the first security.signing_keys key appended; /purge also takes
                          the BODY it will send (tags=…), whose digest the signature covers;
                          with --expires DURATION (90s, 30m, 1h, 7d) also exp= (Unix
                          seconds), after which the server answers 403 expired
          tag             print the cache tag (p- and 16 hex digits) of a person's colour
                          key: their id, name, or a Gravatar directory key; purge with it

        OPTIONS:
          --config PATH   JSON configuration file (default config/monogram.json; when that
                          default is missing the built-in defaults apply, but a PATH given
                          here must exist)
          --host HOST     address to listen on (overrides server.host)
          --port PORT     port to listen on, 0 for any free port (overrides server.port)
          -o, --output FILE
                          render: where to write the image, - for stdout; a suffix .png,
                          .svg, .json, .webp or .avif asks for that format
          --size N, --shape S, --format F, --bg HEX, ...
                          render: any query parameter of GET /avatar/{name}
          -h, --help      show this text
          --version       show the release and the versions of cairo, pango and libpng
          Options also take the form --option=value; `--` ends the options.

        CONFIGURATION:
          Built-in defaults, overridden by the JSON file, overridden by environment
          variables, overridden by flags. Every key SECTION.KEY of the file can be set as
          MONOGRAM_SECTION_KEY in upper case, for example MONOGRAM_SERVER_PORT=9000 or
          MONOGRAM_CACHE_MAX_BYTES=134217728; lists are comma-separated, as in
          MONOGRAM_PICTURES_ALLOWED_HOSTS=example.com,*.cdn.example.org. Times are in
          seconds, sizes in bytes. Unknown keys and unknown MONOGRAM_* variables are errors;
          every problem is reported at once. See docs/configuration.md for every key.

        EXIT CODES:
          0   clean shutdown after SIGTERM or SIGINT, or the command succeeded
          1   bad configuration or arguments (or healthcheck: not healthy)
          2   cannot start here: the listening address cannot be bound, or the memory limit cannot hold the configuration;
              render: a request the server would refuse (an unknown option, a bad parameter or picture)
        """
}
