import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const browserSource = readFileSync(new URL('./stripe-js.browser.js', import.meta.url), 'utf8');

/** @stripe/stripe-js's own ES module build (loadStripe), served to the demo page unchanged. */
export function stripeJsLoaderSource(): string {
  const main = createRequire(import.meta.url).resolve('@stripe/stripe-js');
  return readFileSync(main.replace(/lib[\\/]index\.js$/, 'dist/index.mjs'), 'utf8');
}

/** The Stripe.js stand-in's script, talking to the stand-in at this origin. */
export function stripeJsSource(origin: string): string {
  return browserSource.replaceAll('__STANDIN_ORIGIN__', origin);
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

/**
 * A tiny checkout page served by the stand-in (GET /_standin/checkout?pk=…&client_secret=…&element=card|payment|split|none)
 * that pays with the Stripe.js stand-in the way our checkout will: for its own browser test.
 */
export function demoCheckoutPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stand-in checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}
.StripeElement{border:1px solid #999;border-radius:6px;padding:.6rem}.StripeElement--invalid{border-color:#c00}
.StripeElement--focus{outline:2px solid #635bff}#fields{display:grid;gap:.5rem;margin-bottom:1rem}
/* The message comes and goes as a field loses focus: it must not move the Pay button under the pointer. */
#card-error{min-height:1.5em;color:#c00}</style>
</head>
<body><main>
<h1>Stand-in checkout</h1>
<form id="pay" novalidate>
<div id="fields"></div>
<p id="card-error" role="alert"></p>
<button type="submit">Pay</button>
</form>
<p id="result" role="status"></p>
</main>
<script type="module">
var params = new URLSearchParams(location.search);
// loader=official: @stripe/stripe-js's loadStripe, which injects js.stripe.com's script (a browser
// test routes that to the stand-in); otherwise the stand-in's script tag, as a checkout may also do.
var stripe;
if (params.get('loader') === 'official') {
  var loader = await import('/_standin/stripe-js-loader.mjs');
  stripe = await loader.loadStripe(params.get('pk'));
} else {
  await new Promise(function (resolve, reject) {
    var tag = document.createElement('script');
    tag.src = '/v3/';
    tag.onload = resolve;
    tag.onerror = reject;
    document.head.appendChild(tag);
  });
  stripe = Stripe(params.get('pk'));
}
{
  var clientSecret = params.get('client_secret');
  var kind = params.get('element') || 'card';
  var elements = stripe.elements(kind === 'payment' ? { clientSecret: clientSecret } : {});
  var fields = document.getElementById('fields');
  var mounted = [];
  (kind === 'split' ? ['cardNumber', 'cardExpiry', 'cardCvc'] : kind === 'none' ? [] : [kind]).forEach(function (type) {
    var slot = document.createElement('div');
    fields.appendChild(slot);
    var element = elements.create(type);
    element.mount(slot);
    element.on('change', function (event) {
      document.getElementById('card-error').textContent = event.error ? event.error.message : '';
    });
    mounted.push(element);
  });
  document.getElementById('pay').addEventListener('submit', function (event) {
    event.preventDefault();
    var result = document.getElementById('result');
    result.textContent = 'Paying…';
    // element=none: the server confirmed already; the page only finishes what the bank asks for.
    var pending = kind === 'none'
      ? stripe.handleNextAction({ clientSecret: clientSecret })
      : kind === 'payment'
      ? stripe.confirmPayment({ elements: elements, redirect: 'if_required', confirmParams: { payment_method_data: { billing_details: { name: 'Ada Lovelace' } } } })
      : stripe.confirmCardPayment(clientSecret, { payment_method: { card: mounted[0], billing_details: { name: 'Ada Lovelace' } } });
    pending.then(function (answer) {
      result.textContent = answer.error
        ? 'Payment failed: ' + answer.error.message + (answer.error.decline_code ? ' (' + answer.error.decline_code + ')' : '')
        : 'Payment ' + answer.paymentIntent.status;
    });
  });
  document.body.dataset.ready = 'true';
}
</script>
</body></html>`;
}
