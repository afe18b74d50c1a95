// The API reference: Swagger UI (swagger-ui-dist, served by this server) on the OpenAPI document this
// server serves, with "Try it out" sending real requests to this server (the document's server is "/").
//
// Swagger UI 5 leaves parameters declared on a path (rather than on its operation) unresolved when
// they are $refs in an OpenAPI 3.1 document: they show as unnamed "any" fields. The document is
// fetched here and each path's parameters are given to its operations, which is what they mean.
window.addEventListener('DOMContentLoaded', async () => {
  const root = document.getElementById('swagger-ui');
  const spec = await (await fetch(root.dataset.spec, { headers: { accept: 'application/json' } })).json();
  for (const item of Object.values(spec.paths)) {
    const shared = item.parameters ?? [];
    delete item.parameters;
    for (const [method, operation] of Object.entries(item)) {
      if (method !== 'get') continue;
      operation.parameters = [...shared, ...(operation.parameters ?? [])];
    }
  }
  // Swagger UI puts only its operations in a landmark (its <main>): the introduction it renders above
  // them is made a named region, each time Swagger UI renders it, so no content is outside one.
  const asRegion = () => {
    for (const block of root.querySelectorAll('.information-container, .models')) {
      if (block.getAttribute('role') === 'region') continue;
      block.setAttribute('role', 'region');
      block.setAttribute('aria-label', block.classList.contains('models') ? 'Schemas' : 'About the API');
    }
  };
  new MutationObserver(asRegion).observe(root, { childList: true, subtree: true });
  window.SwaggerUIBundle({
    spec,
    domNode: root,
    // No deep links: they put a link inside each operation's button, which assistive technologies cannot reach.
    deepLinking: false,
    tryItOutEnabled: true,
    supportedSubmitMethods: ['get', 'head'],
    defaultModelsExpandDepth: 0,
  });
});
