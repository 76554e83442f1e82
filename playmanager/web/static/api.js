// The server's JSON API: every call answers data or throws an ApiError
// whose message is the server's one line.

export class ApiError extends Error {
  constructor(status, message, field) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

export async function api(method, path, body) {
  const init = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, "the server does not answer: is it running?", null);
  }
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  // Counts answers, so that a test (or a curious player) can wait for one.
  document.body.dataset.answers = String(Number(document.body.dataset.answers || 0) + 1);
  if (!response.ok) {
    const message = data && data.error ? data.error : `the server said ${response.status}`;
    throw new ApiError(response.status, message, data && data.field);
  }
  return data;
}
