// Node module hooks for the benches: Vite-style `?raw` imports (the web app's text files the gateway's
// prerenderer shares) load as a default-exported string, as Vite and scripts/build.mjs load them.
import { readFile } from 'node:fs/promises';

export async function load(url, context, nextLoad) {
  if (!url.endsWith('?raw')) return nextLoad(url, context);
  const text = await readFile(new URL(url.slice(0, -'?raw'.length)), 'utf8');
  return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
}
