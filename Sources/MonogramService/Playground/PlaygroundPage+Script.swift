extension PlaygroundPage {
    static let style = """
        body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1d2430;background:#f6f7f9}
        header,main,footer{max-width:1180px;margin:0 auto;padding:0 16px}
        h1{margin:16px 0 0}main{display:grid;grid-template-columns:minmax(0,1.1fr) minmax(0,1fr);gap:16px}
        fieldset{border:1px solid #cfd5de;border-radius:8px;margin:0 0 12px;display:grid;grid-template-columns:1fr 1fr;gap:6px 12px;background:#fff}
        legend{font-weight:600;padding:0 4px}.row{display:flex;flex-direction:column}.row.wide,.note{grid-column:1/-1}
        .row.check{flex-direction:row;align-items:center;gap:6px}label{font-size:13px;color:#3b4554}
        input,select,button{font:inherit;padding:3px 6px}#preview figure{margin:8px 0;min-height:40px}
        .url{display:flex;gap:6px;align-items:end;flex-wrap:wrap}.url label{flex-basis:100%}.url input,.url textarea{flex:1;font-family:monospace;font-size:12px}
        #controls{grid-row:span 2}#gallery{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:10px}
        #gallery button{display:flex;flex-direction:column;align-items:center;gap:4px;border:1px solid #cfd5de;border-radius:8px;background:#fff;width:96px;cursor:pointer}
        #gallery span{font-size:12px;max-width:88px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
        .note{font-size:13px;color:#566070;margin:2px 0}footer{margin:16px auto;font-size:13px;color:#566070}
        .panel{padding:8px;border-radius:8px;border:1px solid #cfd5de;background:#fff;display:inline-block}
        .panel.dark,.panel.on-dark{background:#121212;color:#e6e6e6;border-color:#121212}
        .panel figcaption{font-size:12px}.pages{display:flex;gap:8px;flex-wrap:wrap}.pages figure{margin:0}
        @media (prefers-color-scheme:dark){.panel.follows{background:#121212;color:#e6e6e6}}
        @media (max-width:760px){main{grid-template-columns:1fr}}
        """

    /// Builds the two URLs from the controls (only non-default parameters, so they stay short),
    /// points the previews at them and fills the gallery.
    static let script = #"""
        "use strict";
        const $ = (id) => document.getElementById(id);
        const gallery = ["Ada Lovelace", "José Álvarez", "Zoë Ørsted", "Анна Каренина", "Γιώργος Σεφέρης",
          "王小明", "山田太郎", "김민준", "محمد علي", "דוד בן-גוריון", "अमिताभ बच्चन", "தமிழ் செல்வி",
          "สมชาย ใจดี", "Nguyễn Văn An", "Ջոն Սմիթ", "ნინო ბერიძე", "👩‍💻 Dev Team", "jane.doe@example.com", ""];
        function value(id) { return $(id).value.trim(); }
        function hex(id) { return value(id).replace(/^#/, ""); }
        function shared(params, dpr) {
          if (value("font")) params.push(["font", value("font")]);
          if (value("bold")) params.push(["bold", value("bold")]);
          if (value("font-size") && value("font-size") !== "0.5") params.push(["font-size", value("font-size")]);
          if (!$("uppercase").checked) params.push(["uppercase", "false"]);
          if (value("length") !== "2") params.push(["length", value("length")]);
          const ratio = dpr || value("dpr");
          if (ratio !== "1") params.push(["dpr", ratio]);
          if (theme() !== "light") params.push(["theme", theme()]);
          if (value("colors")) params.push(["colors", value("colors").replace(/#/g, "")]);
          else if (value("palette") !== "default") params.push(["palette", value("palette")]);
          if ($("gradient").checked && theme() !== "auto") params.push(["gradient", "true"]);
        }
        // auto is one SVG switched by the viewer's colour scheme: offered for svg only.
        function theme() { return value("theme") === "auto" && value("format") !== "svg" ? "light" : value("theme"); }
        function query(params) {
          return params.length ? "?" + params.map(([k, v]) => k + "=" + encodeURIComponent(v)).join("&") : "";
        }
        function avatarParams(size, dpr) {
          const p = [];
          if (size !== "128") p.push(["size", size]);
          if (value("shape") !== "square") p.push(["shape", value("shape")]);
          if (value("shape") === "rounded" && value("radius") !== "0.25") p.push(["radius", value("radius")]);
          if ($("transparent").checked) p.push(["bg", "transparent"]);
          else if (hex("bg")) p.push(["bg", hex("bg")]);
          if (hex("color")) p.push(["color", hex("color")]);
          if (value("initials")) p.push(["initials", value("initials")]);
          if (value("id")) p.push(["id", value("id")]);
          shared(p, dpr);
          if (value("picture")) p.push(["picture", value("picture")]);
          if (value("picture") && value("fallback") !== "initials") p.push(["fallback", value("fallback")]);
          return p;
        }
        function avatarURL(name, format, size, dpr) {
          const suffix = format === "png" ? "" : "." + format;
          return "/avatar/" + encodeURIComponent(name) + suffix + query(avatarParams(size, dpr));
        }
        // An <img> to paste: the 1x bitmap as src, 2x and 3x as srcset candidates (SVG scales).
        function snippet(name, format, size) {
          const image = format === "json" ? "png" : format;
          const url = (dpr) => location.origin + avatarURL(name, image, size, dpr);
          const alt = (name.trim() || "Unknown user").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
          const srcset = image === "svg" ? "" : ' srcset="' + url("2") + " 2x, " + url("3") + ' 3x"';
          return '<img src="' + url("1") + '"' + srcset + ' width="' + size + '" height="' + size + '" alt="' + alt + '">';
        }
        function groupURL(format) {
          const names = value("group-names").split(",").map((n) => encodeURIComponent(n.trim())).join(",");
          const p = [];
          if (value("group-size") !== "64") p.push(["size", value("group-size")]);
          if (value("group-max") !== "3") p.push(["max", value("group-max")]);
          if (value("group-overlap") !== "0.3") p.push(["overlap", value("group-overlap")]);
          if (value("group-border")) p.push(["border", value("group-border")]);
          if (value("group-border-color")) p.push(["border-color", value("group-border-color").replace(/^#/, "")]);
          if ($("group-more").checked) p.push(["more", "true"]);
          if (value("group-shape") !== "circle") p.push(["shape", value("group-shape")]);
          if (value("group-total")) p.push(["total", value("group-total")]);
          if (value("group-ids")) value("group-ids").split(",").forEach((id) => p.push(["id", id.trim()]));
          if (value("group-dir") !== "ltr") p.push(["dir", value("group-dir")]);
          if ($("group-distinct").checked) p.push(["distinct", "true"]);
          shared(p);
          return "/group/" + names + (format === "png" ? "" : "." + format) + query(p);
        }
        function watch(img, status, label) {
          img.onload = () => { status.textContent = label + ": " + img.naturalWidth + "×" + img.naturalHeight + " px"; };
          img.onerror = () => { status.textContent = label + ": not available"; };
        }
        function update() {
          const format = value("format");
          $("theme-auto").disabled = format !== "svg";
          if ($("theme-auto").disabled && value("theme") === "auto") $("theme").value = "light";
          $("bg").disabled = $("transparent").checked;
          // The preview's own page: dark for theme=dark, the viewer's scheme for auto.
          $("avatar-panel").className = "panel" + (theme() === "dark" ? " on-dark" : theme() === "auto" ? " follows" : "");
          const shown = format === "json" ? "png" : format;
          const size = value("size") || "128";
          const name = $("name").value;
          $("avatar-url").value = location.origin + avatarURL(name, format, size);
          $("avatar-html").value = snippet(name, format, size);
          $("avatar").src = avatarURL(name, shown, size);
          $("avatar").alt = "Avatar for " + (name.trim() || "an unnamed user");
          const variant = (t) => avatarURL(name, shown === "svg" ? "svg" : "png", "64").replace(/([?&])theme=[a-z]+&?/, "$1").replace(/[?&]$/, "");
          const withTheme = (url, t) => t === "light" ? url : url + (url.includes("?") ? "&" : "?") + "theme=" + t;
          $("avatar-light").src = withTheme(variant(), "light");
          $("avatar-dark").src = withTheme(variant(), "dark");
          $("group-url").value = location.origin + groupURL(format);
          $("group").src = groupURL(shown);
          for (const img of document.querySelectorAll("#gallery img")) {
            img.src = avatarURL(img.dataset.name, "png", "64");
          }
        }
        function copy(id, button) {
          const field = $(id);
          const done = () => { button.textContent = "Copied"; setTimeout(() => { button.textContent = "Copy"; }, 1500); };
          if (navigator.clipboard && window.isSecureContext) {
            navigator.clipboard.writeText(field.value).then(done, () => { field.select(); });
          } else {
            field.select();
            if (document.execCommand("copy")) done();
          }
        }
        for (const name of gallery) {
          const item = document.createElement("li");
          const button = document.createElement("button");
          button.type = "button";
          const img = document.createElement("img");
          img.dataset.name = name;
          img.width = 64;
          img.height = 64;
          img.alt = "";
          const caption = document.createElement("span");
          caption.textContent = name || "(no name)";
          button.append(img, caption);
          button.setAttribute("aria-label", "Try " + (name || "an empty name"));
          button.addEventListener("click", () => { $("name").value = name; update(); $("name").focus(); });
          item.append(button);
          $("gallery").append(item);
        }
        watch($("avatar"), $("avatar-status"), "Avatar");
        watch($("group"), $("group-status"), "Group");
        $("controls").addEventListener("input", update);
        $("controls").addEventListener("change", update);
        $("controls").addEventListener("submit", (event) => event.preventDefault());
        $("copy-avatar").addEventListener("click", () => copy("avatar-url", $("copy-avatar")));
        $("copy-html").addEventListener("click", () => copy("avatar-html", $("copy-html")));
        $("copy-group").addEventListener("click", () => copy("group-url", $("copy-group")));
        update();
        """#
}
