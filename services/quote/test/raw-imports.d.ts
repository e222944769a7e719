// The server tests run under Vite too, which loads `?raw` imports as text; the web app's own
// config gets this declaration from vite/client, the servers' config has no Vite types.
declare module '*?raw' {
  const text: string;
  export default text;
}
