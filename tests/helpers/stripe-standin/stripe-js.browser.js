// Stand-in for Stripe.js v3 (the subset README.md lists), served by the Stripe stand-in with its
// own origin written into ORIGIN below. Plain browser JavaScript: no build step.
(function () {
  'use strict';
  var ORIGIN = '__STANDIN_ORIGIN__';

  var LABELS = {
    number: 'Card number',
    expiry: 'Expiration date MM / YY',
    cvc: 'Security code',
  };
  var MESSAGES = {
    incomplete_number: 'Your card number is incomplete.',
    invalid_number: 'Your card number is invalid.',
    incomplete_expiry: "Your card's expiration date is incomplete.",
    invalid_expiry_month: "Your card's expiration date is incomplete.",
    invalid_expiry_year_past: "Your card's expiration year is in the past.",
    incomplete_cvc: "Your card's security code is incomplete.",
  };

  function encode(params, prefix, out) {
    out = out || [];
    Object.keys(params).forEach(function (key) {
      var value = params[key];
      var name = prefix ? prefix + '[' + key + ']' : key;
      if (value === undefined || value === null) return;
      if (typeof value === 'object') encode(value, name, out);
      else out.push(encodeURIComponent(name) + '=' + encodeURIComponent(String(value)));
    });
    return out.join('&');
  }

  function intentIdOf(clientSecret) {
    var match = /^(pi_[A-Za-z0-9]+)_secret_/.exec(clientSecret || '');
    if (!match) throw new Error('Invalid value for clientSecret: expected a PaymentIntent client secret, got ' + clientSecret);
    return match[1];
  }

  function brandOf(number) {
    if (/^4/.test(number)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
    if (/^3[47]/.test(number)) return 'amex';
    if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
    if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
    if (/^35/.test(number)) return 'jcb';
    if (/^62/.test(number)) return 'unionpay';
    return 'unknown';
  }

  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var digit = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) { digit *= 2; if (digit > 9) digit -= 9; }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  function numberLength(brand) { return brand === 'amex' ? 15 : brand === 'diners' ? 14 : 16; }

  function formatNumber(digits) {
    var brand = brandOf(digits);
    if (brand === 'amex') return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
    return (digits.match(/.{1,4}/g) || []).join(' ');
  }

  // ---- fields ------------------------------------------------------------------------------------

  /** One field's state and the Stripe-style validation of it. */
  function checkField(kind, raw) {
    if (kind === 'number') {
      var digits = raw.replace(/\D/g, '');
      var brand = brandOf(digits);
      if (!digits) return { empty: true, complete: false, brand: 'unknown' };
      if (digits.length < numberLength(brand)) return { empty: false, complete: false, brand: brand, error: 'incomplete_number', digits: digits };
      if (!luhn(digits)) return { empty: false, complete: false, brand: brand, error: 'invalid_number', digits: digits };
      return { empty: false, complete: true, brand: brand, digits: digits };
    }
    if (kind === 'expiry') {
      var m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})?\s*$/.exec(raw);
      if (!raw.trim()) return { empty: true, complete: false };
      if (!m || !m[2]) return { empty: false, complete: false, error: 'incomplete_expiry' };
      var month = Number(m[1]);
      var year = Number(m[2].length === 2 ? '20' + m[2] : m[2]);
      if (month < 1 || month > 12) return { empty: false, complete: false, error: 'invalid_expiry_month' };
      var now = new Date();
      if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
        return { empty: false, complete: false, error: 'invalid_expiry_year_past' };
      }
      return { empty: false, complete: true, month: month, year: year };
    }
    var cvc = raw.replace(/\D/g, '');
    if (!cvc) return { empty: true, complete: false };
    if (cvc.length < 3) return { empty: false, complete: false, error: 'incomplete_cvc' };
    return { empty: false, complete: true, cvc: cvc };
  }

  var FIELDS_OF = { card: ['number', 'expiry', 'cvc'], payment: ['number', 'expiry', 'cvc'], cardNumber: ['number'], cardExpiry: ['expiry'], cardCvc: ['cvc'] };
  var counter = 0;

  function createElement(group, type, options) {
    var fields = FIELDS_OF[type];
    if (!fields) throw new Error('The Stripe.js stand-in cannot create an element of type ' + type);
    var handlers = {};
    var container = null;
    var inputs = {};
    var state = {};
    var disabled = Boolean(options && options.disabled);
    var element = {
      _type: type,
      _group: group,
      _fields: fields,
      _state: state,
      mount: function (target) {
        var host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) throw new Error('The selector you specified (' + target + ') applies to no DOM elements that are currently on the page.');
        container = document.createElement('div');
        container.className = 'StripeElement StripeElement--empty';
        container.setAttribute('data-stripe-standin', type);
        container.style.display = 'flex';
        container.style.flexWrap = 'wrap';
        container.style.gap = '0.5rem';
        fields.forEach(function (kind) {
          var id = 'stripe-standin-' + type + '-' + kind + '-' + (++counter);
          var wrap = document.createElement('div');
          wrap.style.flex = kind === 'number' ? '1 1 12rem' : '1 1 5rem';
          var input = document.createElement('input');
          input.id = id;
          input.type = 'text';
          input.inputMode = 'numeric';
          input.autocomplete = kind === 'number' ? 'cc-number' : kind === 'expiry' ? 'cc-exp' : 'cc-csc';
          input.placeholder = kind === 'number' ? '1234 1234 1234 1234' : kind === 'expiry' ? 'MM / YY' : 'CVC';
          input.setAttribute('aria-label', LABELS[kind]);
          input.disabled = disabled;
          input.style.width = '100%';
          input.style.font = 'inherit';
          input.style.border = '0';
          input.style.background = 'transparent';
          input.style.outline = 'none';
          input.addEventListener('input', function () {
            if (kind === 'number') input.value = formatNumber(input.value.replace(/\D/g, '').slice(0, 19));
            if (kind === 'expiry') {
              var d = input.value.replace(/\D/g, '').slice(0, 4);
              input.value = d.length > 2 ? d.slice(0, 2) + ' / ' + d.slice(2) : d;
            }
            if (kind === 'cvc') input.value = input.value.replace(/\D/g, '').slice(0, 4);
            update();
          });
          input.addEventListener('focus', function () { container.classList.add('StripeElement--focus'); emit('focus', { elementType: type }); });
          // Stripe.js reports an incomplete field once the shopper leaves it.
          input.addEventListener('blur', function () { container.classList.remove('StripeElement--focus'); update(); emit('blur', { elementType: type }); });
          inputs[kind] = input;
          state[kind] = checkField(kind, '');
          wrap.appendChild(input);
          container.appendChild(wrap);
        });
        host.appendChild(container);
        setTimeout(function () { emit('ready', { elementType: type }); }, 0);
      },
      unmount: function () { if (container && container.parentNode) container.parentNode.removeChild(container); },
      destroy: function () { element.unmount(); group._elements = group._elements.filter(function (e) { return e !== element; }); },
      on: function (event, handler) { (handlers[event] = handlers[event] || []).push(handler); return element; },
      off: function (event, handler) { handlers[event] = (handlers[event] || []).filter(function (h) { return h !== handler; }); return element; },
      focus: function () { var first = inputs[fields[0]]; if (first) first.focus(); },
      blur: function () { Object.keys(inputs).forEach(function (k) { inputs[k].blur(); }); },
      clear: function () { Object.keys(inputs).forEach(function (k) { inputs[k].value = ''; }); update(); },
      update: function (next) {
        if (next && 'disabled' in next) { disabled = Boolean(next.disabled); Object.keys(inputs).forEach(function (k) { inputs[k].disabled = disabled; }); }
      },
      /** The first problem of this element, as Stripe's validation_error. */
      _problem: function () {
        for (var i = 0; i < fields.length; i++) {
          var s = state[fields[i]];
          if (s.error) return s.error;
          if (s.empty) return fields[i] === 'number' ? 'incomplete_number' : fields[i] === 'expiry' ? 'incomplete_expiry' : 'incomplete_cvc';
        }
        return null;
      },
    };

    function emit(event, payload) { (handlers[event] || []).forEach(function (h) { h(payload); }); }

    function update() {
      fields.forEach(function (kind) { state[kind] = checkField(kind, inputs[kind].value); });
      var empty = fields.every(function (k) { return state[k].empty; });
      var complete = fields.every(function (k) { return state[k].complete; });
      var firstError = null;
      fields.forEach(function (k) { if (!firstError && state[k].error && (state[k].complete === false) && isShown(k)) firstError = state[k].error; });
      container.classList.toggle('StripeElement--empty', empty);
      container.classList.toggle('StripeElement--complete', complete);
      container.classList.toggle('StripeElement--invalid', Boolean(firstError));
      var payload = { elementType: type, empty: empty, complete: complete, value: type === 'payment' ? { type: 'card' } : { postalCode: '' } };
      if (state.number) payload.brand = state.number.brand;
      if (firstError) payload.error = { type: 'validation_error', code: firstError, message: MESSAGES[firstError] };
      emit('change', payload);
    }

    // An incomplete field is not an error while the shopper is still typing in it; a wrong one is.
    function isShown(kind) {
      var s = state[kind];
      if (s.error === 'invalid_number' || s.error === 'invalid_expiry_year_past' || s.error === 'invalid_expiry_month') return true;
      return document.activeElement !== inputs[kind];
    }

    group._elements.push(element);
    return element;
  }

  /** The card details an element group holds, or the first validation error. */
  function collectCard(group, element) {
    var elements = element && (element._type === 'card' || element._type === 'payment')
      ? [element]
      : group._elements.filter(function (e) { return /^card(Number|Expiry|Cvc)$/.test(e._type); });
    var card = {};
    for (var i = 0; i < elements.length; i++) {
      var problem = elements[i]._problem();
      if (problem) return { error: { type: 'validation_error', code: problem, message: MESSAGES[problem] } };
      var s = elements[i]._state;
      if (s.number) card.number = s.number.digits;
      if (s.expiry) { card.exp_month = s.expiry.month; card.exp_year = s.expiry.year; }
      if (s.cvc) card.cvc = s.cvc.cvc;
    }
    if (!card.number) return { error: { type: 'validation_error', code: 'incomplete_number', message: MESSAGES.incomplete_number } };
    return { card: card };
  }

  // ---- 3-D Secure challenge ----------------------------------------------------------------------

  function runChallenge(url) {
    return new Promise(function (resolve) {
      var overlay = document.createElement('div');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-modal', 'true');
      overlay.setAttribute('aria-label', '3D Secure authentication');
      overlay.setAttribute('data-stripe-standin', 'challenge');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center';
      var frame = document.createElement('iframe');
      frame.title = '3D Secure challenge';
      frame.name = 'stripe-standin-challenge';
      frame.src = url;
      frame.style.cssText = 'width:min(26rem,92vw);height:min(24rem,80vh);border:0;border-radius:8px;background:#fff';
      overlay.appendChild(frame);
      function listener(event) {
        // The challenge's own origin: the stand-in's, or Stripe's hooks host when a browser test routes Stripe's hosts to it.
        if (event.origin !== new URL(url, location.href).origin || !event.data || event.data.type !== 'stripe-standin-3ds') return;
        window.removeEventListener('message', listener);
        overlay.parentNode.removeChild(overlay);
        resolve(event.data.outcome);
      }
      window.addEventListener('message', listener);
      document.body.appendChild(overlay);
    });
  }

  // ---- the Stripe object -------------------------------------------------------------------------

  function Stripe(key, options) {
    if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key)) {
      throw new Error('Invalid value for Stripe(): apiKey should be a publishable key (pk_...). You specified: ' + key + '.');
    }

    function api(method, path, params) {
      var body = encode(Object.assign({ key: key }, params || {}));
      var request = method === 'GET'
        ? fetch(ORIGIN + path + '?' + body)
        : fetch(ORIGIN + path, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body });
      return request.then(function (response) {
        return response.json().then(function (json) { return response.ok ? { data: json } : { error: json.error }; });
      }, function (error) {
        return { error: { type: 'api_connection_error', message: 'An error occurred with our connection to Stripe. Request was retried 0 times.', detail: String(error) } };
      });
    }

    function retrieve(clientSecret) {
      return api('GET', '/v1/payment_intents/' + intentIdOf(clientSecret), { client_secret: clientSecret });
    }

    /** Settles a PaymentIntent answer: runs its 3-D Secure challenge if it asks for one. */
    function finish(result, clientSecret, handleActions) {
      if (result.error) return { error: result.error };
      var intent = result.data;
      var action = intent.next_action;
      if (intent.status !== 'requires_action' || !action || handleActions === false) return { paymentIntent: intent };
      var url = action.type === 'use_stripe_sdk' ? action.use_stripe_sdk.stripe_js : action.redirect_to_url && action.redirect_to_url.url;
      return runChallenge(url).then(function () { return retrieve(clientSecret); }).then(function (after) {
        if (after.error) return { error: after.error };
        var settled = after.data;
        if (settled.status === 'requires_payment_method' && settled.last_payment_error) {
          return { error: Object.assign({}, settled.last_payment_error, { payment_intent: settled }) };
        }
        return { paymentIntent: settled };
      });
    }

    function confirm(clientSecret, paymentMethodParam, extra, handleActions) {
      var params = Object.assign({ client_secret: clientSecret, use_stripe_sdk: 'true' }, extra || {});
      if (typeof paymentMethodParam === 'string') params.payment_method = paymentMethodParam;
      else if (paymentMethodParam) params.payment_method_data = paymentMethodParam;
      return api('POST', '/v1/payment_intents/' + intentIdOf(clientSecret) + '/confirm', params).then(function (result) {
        return finish(result, clientSecret, handleActions);
      });
    }

    return {
      _standin: true,
      elements: function (elementsOptions) {
        var group = { _elements: [], _options: elementsOptions || {} };
        group.create = function (type, elementOptions) { return createElement(group, type, elementOptions); };
        group.getElement = function (type) {
          var found = group._elements.filter(function (e) { return e._type === type; })[0];
          return found || null;
        };
        group.submit = function () {
          var payment = group.getElement('payment');
          var collected = collectCard(group, payment);
          return Promise.resolve(collected.error ? { error: collected.error } : {});
        };
        group.update = function (next) { Object.assign(group._options, next || {}); };
        group.fetchUpdates = function () { return Promise.resolve({}); };
        return group;
      },

      confirmCardPayment: function (clientSecret, data, confirmOptions) {
        data = data || {};
        var handleActions = !(confirmOptions && confirmOptions.handleActions === false);
        var pm = data.payment_method;
        if (pm && typeof pm === 'object') {
          var element = pm.card;
          if (!element || !element._fields) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'payment_method.card must be a card Element.' } });
          var collected = /^card(Number|Expiry|Cvc)$/.test(element._type) ? collectCard(element._group) : collectCard(null, element);
          if (collected.error) return Promise.resolve({ error: collected.error });
          pm = { type: 'card', card: collected.card, billing_details: pm.billing_details };
        }
        var extra = {};
        if (data.return_url) extra.return_url = data.return_url;
        if (data.receipt_email) extra.receipt_email = data.receipt_email;
        return confirm(clientSecret, pm, extra, handleActions);
      },

      confirmPayment: function (params) {
        var group = params.elements;
        var clientSecret = params.clientSecret || (group && group._options.clientSecret);
        var confirmParams = params.confirmParams || {};
        if (!group) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Invalid value for confirmPayment: elements should be an Elements group.' } });
        if (params.redirect !== 'if_required' && !confirmParams.return_url) {
          return Promise.resolve({ error: { type: 'invalid_request_error', message: 'stripe.confirmPayment(): the `confirmParams.return_url` argument is required unless passing `redirect: \'if_required\'`' } });
        }
        var collected = collectCard(group, group.getElement('payment') || group.getElement('card'));
        if (collected.error) return Promise.resolve({ error: collected.error });
        var pmData = Object.assign({ type: 'card', card: collected.card }, confirmParams.payment_method_data || {});
        var extra = {};
        if (confirmParams.return_url) extra.return_url = confirmParams.return_url;
        if (confirmParams.receipt_email) extra.receipt_email = confirmParams.receipt_email;
        return confirm(clientSecret, pmData, extra, true).then(function (result) {
          if (result.error || params.redirect === 'if_required') return result;
          var target = new URL(confirmParams.return_url, window.location.href);
          target.searchParams.set('payment_intent', result.paymentIntent.id);
          target.searchParams.set('payment_intent_client_secret', clientSecret);
          target.searchParams.set('redirect_status', 'succeeded');
          window.location.assign(target.toString());
          return new Promise(function () {});
        });
      },

      handleNextAction: function (params) {
        var clientSecret = params && params.clientSecret;
        return retrieve(clientSecret).then(function (result) { return finish(result, clientSecret, true); });
      },

      handleCardAction: function (clientSecret) {
        return retrieve(clientSecret).then(function (result) { return finish(result, clientSecret, true); });
      },

      retrievePaymentIntent: function (clientSecret) {
        return retrieve(clientSecret).then(function (result) {
          return result.error ? { error: result.error } : { paymentIntent: result.data };
        });
      },

      createPaymentMethod: function (params) {
        var collected;
        var billing;
        if (params && params.elements) {
          collected = collectCard(params.elements, params.elements.getElement('payment') || params.elements.getElement('card'));
          billing = params.params && params.params.billing_details;
        } else {
          var element = params && params.card;
          if (!element || !element._fields) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'createPaymentMethod: card must be a card Element.' } });
          collected = /^card(Number|Expiry|Cvc)$/.test(element._type) ? collectCard(element._group) : collectCard(null, element);
          billing = params.billing_details;
        }
        if (collected.error) return Promise.resolve({ error: collected.error });
        return api('POST', '/v1/payment_methods', { type: 'card', card: collected.card, billing_details: billing }).then(function (result) {
          return result.error ? { error: result.error } : { paymentMethod: result.data };
        });
      },
    };
  }

  window.Stripe = Stripe;
  // The release train @stripe/stripe-js 10 expects; loadStripe warns on any other.
  window.Stripe.version = 'endive';
})();
