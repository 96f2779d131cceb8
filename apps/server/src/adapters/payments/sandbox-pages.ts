import { escapeHtml, PRODUCT_NAME } from '../../lib/templates.js';

/** The sandbox's server-rendered pages (no script): their markup and style. */
export { escapeHtml };

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1a1b1e;background:#f8f9fa;line-height:1.5}
main{max-width:560px;margin:32px auto;padding:24px;background:#fff;border:1px solid #dee2e6;border-radius:8px}
@media (max-width:600px){body{background:#fff}main{margin:0;border:0;border-radius:0;padding:20px}dl{grid-template-columns:1fr;gap:0}dd{margin:0 0 12px}}
.brand{margin:0 0 4px;font-weight:700;color:#364fc7}
.sandbox{display:inline-block;margin:0 0 16px;padding:2px 8px;border-radius:4px;background:#fff3bf;color:#5c3c00;font-size:14px}
h1{font-size:24px;margin:0 0 16px}
h2{font-size:18px;margin:24px 0 8px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px;margin:0 0 24px}
dt{font-weight:600;color:#495057}dd{margin:0;overflow-wrap:anywhere}
button{font:inherit;font-weight:600;background:#364fc7;color:#fff;border:0;border-radius:6px;padding:12px 20px;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}
a{color:#1c4ed8}
p{margin:0 0 16px}
label{display:block;font-weight:600;margin:0 0 4px}
input{font:inherit;box-sizing:border-box;width:100%;max-width:320px;padding:10px 12px;border:1px solid #868e96;border-radius:6px;margin:0 0 16px}
input:focus-visible{outline:3px solid #1c7ed6;outline-offset:1px}
input[aria-invalid=true]{border-color:#c92a2a}
.error{color:#c92a2a;margin:-12px 0 16px}
.amount{font-size:28px;font-weight:700;margin:0 0 16px}
table{border-collapse:collapse;margin:8px 0 0;font-size:14px}th,td{text-align:left;padding:4px 12px 4px 0}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace}
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">${PRODUCT_NAME}</p>
<p class="sandbox">Sandbox payments provider: no money moves</p>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}
