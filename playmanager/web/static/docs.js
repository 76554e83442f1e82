// The API explorer: Swagger UI from this server's own files (the
// fastapi-offline package's copy, served at /explorer/), reading
// /openapi.json. A file of its own: the page's CSP allows no inline script.
window.ui = window.SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  // No deep links: each would be a link inside the operation's button (axe:
  // nested-interactive, and a target too small to press).
  deepLinking: false,
  tryItOutEnabled: false,
});
