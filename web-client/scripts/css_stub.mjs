// Unit tests run the client's modules in node, which cannot load CSS: every `import
// "./x.css"` loads as an empty module (Vite bundles the real files). Used with
// `node --import ./scripts/css_stub.mjs` by scripts/test.mjs.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`
export async function load(url, context, next) {
  if (url.endsWith(".css")) return { format: "module", source: "export default {};", shortCircuit: true };
  return next(url, context);
}`),
);
