// Stand-in for `ext:deno_net/02_tls.js`. deno_fetch's 22_http_client.js (loaded by
// 23_request.js for `Request`) imports `loadTlsKeyPair` from deno_net, which is only used by
// `Deno.createHttpClient`. Toolkits have no `Deno` namespace and no client certificates, so
// the networking extension is not loaded at all and this refuses if ever reached.
(function () {
  function loadTlsKeyPair(api) {
    throw new TypeError(`${api} is not available in a toolkit isolate`);
  }
  return { loadTlsKeyPair };
})();
