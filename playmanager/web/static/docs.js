// A plain list of the API's operations, read from /openapi.json (the page
// works offline, so no Swagger UI from a CDN).

const schema = await (await fetch("/openapi.json")).json();
const list = document.getElementById("operations");
for (const [path, operations] of Object.entries(schema.paths)) {
  for (const [method, operation] of Object.entries(operations)) {
    const item = document.createElement("section");
    const title = document.createElement("h3");
    title.textContent = `${method.toUpperCase()} ${path}`;
    const summary = document.createElement("p");
    summary.textContent = operation.description || operation.summary || "";
    item.append(title, summary);
    list.append(item);
  }
}
