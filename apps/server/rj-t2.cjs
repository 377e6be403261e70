const textile = require('textile-js');
const [pat, n] = [process.argv[2], Number(process.argv[3])];
const h = JSON.parse('"'+pat+'"').repeat(n);
const t=Date.now(); const out=textile.convert(h); console.log(JSON.stringify(pat), n, h.length, out.length, Date.now()-t, 'ms');
