import { readFileSync } from 'node:fs';

const browserSource = readFileSync(new URL('./stripe-js.browser.js', import.meta.url), 'utf8');

/** The Stripe.js stand-in's script, talking to the stand-in at this origin. */
export function stripeJsSource(origin: string): string {
  return browserSource.replace('__STANDIN_ORIGIN__', origin);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The 3-D Secure test page (Stripe shows one with Complete / Fail buttons in test mode): in
 * Stripe.js's frame it posts the answer and tells the parent page; after a server-side redirect
 * it sends the shopper back to the return URL.
 */
export function challengePage(options: { intentId: string; amount: string; source: string; returnUrl: string | null; waiting: boolean }): string {
  const { intentId, amount, source, returnUrl, waiting } = options;
  const redirect = returnUrl !== null;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>3D Secure test authentication</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;color:#1a1a1a}h1{font-size:1.1rem}
form{display:flex;gap:.75rem;flex-wrap:wrap}button{font:inherit;padding:.6rem 1rem;border-radius:6px;border:1px solid #635bff;cursor:pointer}
button[value=complete]{background:#635bff;color:#fff}button[value=fail]{background:#fff;color:#635bff}</style></head>
<body><main>
<h1>3D Secure test authentication</h1>
${waiting
    ? `<p>Test payment of ${escapeHtml(amount)} (${escapeHtml(intentId)}). Complete or fail this test authentication.</p>
<form method="post" action="/3ds/${escapeHtml(intentId)}" id="challenge">
<input type="hidden" name="source" value="${escapeHtml(source)}">
${redirect ? `<input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">` : ''}
<button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail">Fail authentication</button>
</form>`
    : '<p role="alert">This authentication is no longer waiting for an answer.</p>'}
</main>
${waiting && !redirect
    ? `<script>
document.getElementById('challenge').addEventListener('submit', function (event) {
  event.preventDefault();
  var outcome = event.submitter ? event.submitter.value : 'fail';
  var body = new URLSearchParams({ source: ${JSON.stringify(source)}, outcome: outcome });
  fetch(location.pathname, { method: 'POST', body: body }).then(function () {
    window.parent.postMessage({ type: 'stripe-standin-3ds', intent: ${JSON.stringify(intentId)}, outcome: outcome }, '*');
  });
});
</script>`
    : ''}
</body></html>`;
}
