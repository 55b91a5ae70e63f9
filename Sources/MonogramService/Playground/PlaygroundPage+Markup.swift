extension PlaygroundPage {
    /// Every §1 and §2 parameter has a labelled control; `{{…}}` are filled in by `html(limits:)`.
    static let markup = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Monogram playground</title>
        <style>{{STYLE}}</style>
        </head>
        <body>
        <header><h1>Monogram</h1><p>Initials avatars for every script. Type a name, pick options, copy the URL into an <code>&lt;img src&gt;</code>.</p></header>
        <main>
        <form id="controls" autocomplete="off">
          <fieldset>
            <legend>Avatar — <code>/avatar/{name}</code></legend>
            <div class="row wide"><label for="name">Name</label><input id="name" name="name" type="text" value="Ada Lovelace" maxlength="256"></div>
            <div class="row"><label for="size">Size (CSS px)</label><input id="size" type="number" min="16" max="{{MAX_SIZE}}" value="128"></div>
            <div class="row"><label for="dpr">Device pixel ratio</label><select id="dpr"><option>1</option><option>1.5</option><option>2</option><option>3</option><option>4</option></select></div>
            <div class="row"><label for="shape">Shape</label><select id="shape"><option>square</option><option>circle</option><option>rounded</option>{{MASKS}}</select></div>
            <div class="row"><label for="radius">Corner radius (rounded)</label><input id="radius" type="number" min="0" max="0.5" step="0.05" value="0.25"></div>
            <div class="row"><label for="bg">Background (hex, empty = from the name)</label><input id="bg" type="text" placeholder="e.g. 3366cc" pattern="#?[0-9a-fA-F]{3,8}"></div>
            <div class="row check"><input id="transparent" type="checkbox"><label for="transparent">Transparent background (<code>bg=transparent</code>)</label></div>
            <div class="row"><label for="theme">Theme</label><select id="theme"><option>light</option><option>dark</option><option id="theme-auto" value="auto">auto (svg only)</option></select></div>
            <div class="row"><label for="palette">Palette</label><select id="palette"><option>default</option>{{PALETTES}}</select></div>
            <div class="row"><label for="colors">One-off palette <code>colors</code> (2–32 hex, comma-separated)</label><input id="colors" type="text" placeholder="e.g. c62828,1565c0,2e7d32"></div>
            <div class="row check"><input id="gradient" type="checkbox"><label for="gradient">Gradient background (<code>gradient=true</code>)</label></div>
            <div class="row"><label for="color">Text colour (hex, empty = automatic)</label><input id="color" type="text" placeholder="e.g. fff" pattern="#?[0-9a-fA-F]{3,8}"></div>
            <div class="row"><label for="initials">Initials (override)</label><input id="initials" type="text" maxlength="24"></div>
            <div class="row"><label for="length">Initials to compute</label><select id="length"><option>1</option><option selected>2</option><option>3</option></select></div>
            <div class="row"><label for="font-size">Font size (fraction of size)</label><input id="font-size" type="number" min="0.1" max="1" step="0.05" value="0.5"></div>
            <div class="row"><label for="font">Font</label><select id="font"><option value="">(default)</option>{{FONTS}}</select></div>
            <div class="row"><label for="bold">Bold</label><select id="bold"><option value="">(default)</option><option>true</option><option>false</option></select></div>
            <div class="row check"><input id="uppercase" type="checkbox" checked><label for="uppercase">Upper-case the initials</label></div>
            <div class="row"><label for="id">Colour key <code>id</code> (empty = the name)</label><input id="id" type="text" maxlength="256"></div>
            <div class="row"><label for="format">Format</label><select id="format"><option>png</option><option>svg</option><option>webp</option><option>avif</option><option>jpg</option><option>json</option></select></div>
            <div class="row"><label for="picture">Picture URL (allowed hosts only)</label><input id="picture" type="url" placeholder="https://…"></div>
            <div class="row"><label for="fallback">When the picture fails</label><select id="fallback"><option>initials</option><option>404</option></select></div>
          </fieldset>
          <fieldset>
            <legend>Group — <code>/group/{name1},{name2},…</code></legend>
            <div class="row wide"><label for="group-names">Names (comma-separated)</label><input id="group-names" type="text" value="Ada Lovelace,Grace Hopper,Alan Turing,李小龍,Ngozi Okonjo-Iweala"></div>
            <div class="row"><label for="group-size">Face size (px)</label><input id="group-size" type="number" min="16" max="512" value="64"></div>
            <div class="row"><label for="group-max">Faces at most</label><input id="group-max" type="number" min="1" max="10" value="3"></div>
            <div class="row"><label for="group-overlap">Overlap</label><input id="group-overlap" type="number" min="0" max="0.9" step="0.05" value="0.3"></div>
            <div class="row"><label for="group-border">Ring width (px, empty = size/16)</label><input id="group-border" type="number" min="0" max="128"></div>
            <div class="row"><label for="group-border-color">Ring colour (hex or transparent)</label><input id="group-border-color" type="text" placeholder="white"></div>
            <div class="row"><label for="group-shape">Face shape</label><select id="group-shape"><option>circle</option><option>square</option><option>rounded</option></select></div>
            <div class="row check"><input id="group-more" type="checkbox"><label for="group-more">Show a +N bubble for the rest</label></div>
            <div class="row"><label for="group-total">People in all <code>total</code> (empty = the names)</label><input id="group-total" type="number" min="1" max="1000000"></div>
            <div class="row"><label for="group-ids">Colour keys <code>id</code> (comma-separated, one per name)</label><input id="group-ids" type="text"></div>
            <div class="row"><label for="group-dir">Direction</label><select id="group-dir"><option>ltr</option><option>rtl</option></select></div>
            <div class="row check"><input id="group-distinct" type="checkbox"><label for="group-distinct">Distinct colours (<code>distinct=true</code>)</label></div>
            <p class="note">Font, bold, font size, upper-case, initials to compute, device pixel ratio, theme, palette, colours, gradient and format above apply to every face.</p>
          </fieldset>
        </form>
        <section id="preview" aria-labelledby="preview-title">
          <h2 id="preview-title">Preview</h2>
          <figure id="avatar-panel" class="panel"><img id="avatar" alt="Avatar preview" src="/avatar/Ada%20Lovelace"><figcaption id="avatar-status" aria-live="polite"></figcaption></figure>
          <div class="pages" aria-label="The same avatar on a light and on a dark page">
            <figure class="panel light"><img id="avatar-light" alt="Light variant on a light page" src="/avatar/Ada%20Lovelace?size=64"><figcaption>light page</figcaption></figure>
            <figure class="panel dark"><img id="avatar-dark" alt="Dark variant on a dark page" src="/avatar/Ada%20Lovelace?size=64&amp;theme=dark"><figcaption>dark page (<code>theme=dark</code>)</figcaption></figure>
          </div>
          <div class="url"><label for="avatar-url">Avatar URL</label><input id="avatar-url" type="text" readonly><button type="button" id="copy-avatar">Copy</button></div>
          <div class="url"><label for="avatar-html">HTML: &lt;img&gt; with srcset for 2× and 3× screens</label><textarea id="avatar-html" rows="3" readonly></textarea><button type="button" id="copy-html">Copy</button></div>
          <figure><img id="group" alt="Group preview" src="/group/Ada%20Lovelace,Grace%20Hopper"><figcaption id="group-status" aria-live="polite"></figcaption></figure>
          <div class="url"><label for="group-url">Group URL</label><input id="group-url" type="text" readonly><button type="button" id="copy-group">Copy</button></div>
        </section>
        <section id="gallery-section" aria-labelledby="gallery-title">
          <h2 id="gallery-title">Names in many scripts</h2>
          <p class="note">Choose one to try it.</p>
          <ul id="gallery"></ul>
        </section>
        </main>
        <footer>Monogram {{VERSION}} · <a href="/healthz">/healthz</a></footer>
        <script>{{SCRIPT}}</script>
        </body>
        </html>

        """
}
