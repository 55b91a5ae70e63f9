extension AvatarOptions {
    /// Every query parameter of `/avatar/{name}` (API §1) as spelled in a query, with
    /// `background` (the alias of `bg`): the server's own list, so `monogram render` takes as
    /// `--NAME VALUE` exactly what a URL may say, and a misspelt flag is an error there instead
    /// of a parameter the options parser silently ignores.
    public static let parameterNames: [String] = AvatarQuery.Parameter.names + ["background"]
}
