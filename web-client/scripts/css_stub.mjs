// Unit tests run the client's modules in node, which cannot load CSS: every `import
// "./x.css"` resolves to an empty module (Vite bundles the real files; tsc does not copy them). Used with
// `node --import ./scripts/css_stub.mjs` by scripts/test.mjs.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier.endsWith(".css")) return { url: "starport-css-stub:" + specifier, shortCircuit: true };
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (url.startsWith("starport-css-stub:")) return { format: "module", source: "export default {};", shortCircuit: true };
  return next(url, context);
}`),
);
