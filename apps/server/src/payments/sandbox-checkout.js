// Parley's sandbox checkout: the same client interface as the real provider's script
// (new Razorpay(options), .on('payment.failed', cb), .open(); options.handler on success;
// options.modal.ondismiss on close), with an in-page dialog to pay, fail or close.
(function () {
  'use strict';
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === 'style') Object.assign(node.style, attrs.style);
      else if (key === 'text') node.textContent = attrs.text;
      else node.setAttribute(key, attrs[key]);
    });
    (children || []).forEach(function (child) { node.appendChild(child); });
    return node;
  }
  function formatAmount(amount, currency) {
    return new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', { style: 'currency', currency: currency }).format(amount / 100);
  }
  function Checkout(options) {
    this.options = options || {};
    this.listeners = {};
  }
  Checkout.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
  };
  Checkout.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (cb) { cb(payload); });
  };
  Checkout.prototype.open = function () {
    openDialog(this);
  };
  function openDialog(checkout) {
    var o = checkout.options;
    var button = { padding: '12px 16px', borderRadius: '10px', border: '0', font: '600 15px system-ui, sans-serif', cursor: 'pointer', width: '100%' };
    var status = el('p', { role: 'status', style: { minHeight: '1.2em', margin: '8px 0 0', font: '14px system-ui, sans-serif' } });
    var payText = 'Pay ' + formatAmount(o.amount, o.currency);
    var pay = el('button', { type: 'button', 'data-testid': 'sandbox-pay', text: payText, style: Object.assign({}, button, { background: '#2563eb', color: '#fff' }) });
    var reason = el('select', { 'aria-label': 'Failure reason', 'data-testid': 'sandbox-failure-reason', style: { width: '100%', padding: '10px', borderRadius: '10px', border: '1px solid #cbd5e1', font: '14px system-ui, sans-serif' } }, [
      el('option', { value: 'BAD_REQUEST_ERROR', text: 'Card declined by bank' }),
      el('option', { value: 'PAYMENT_CANCELLED', text: 'Cancelled by the payer' }),
      el('option', { value: 'GATEWAY_ERROR', text: 'Bank server unavailable' }),
    ]);
    var failText = 'Fail payment';
    var fail = el('button', { type: 'button', 'data-testid': 'sandbox-fail', text: failText, style: Object.assign({}, button, { background: '#fee2e2', color: '#991b1b' }) });
    var close = el('button', { type: 'button', 'aria-label': 'Close checkout', 'data-testid': 'sandbox-close', text: '×', style: { position: 'absolute', top: '8px', right: '12px', border: '0', background: 'transparent', font: '28px system-ui, sans-serif', cursor: 'pointer', color: '#475569' } });
    var dialog = el('div', { role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Sandbox checkout', style: { position: 'relative', background: '#fff', borderRadius: '16px', padding: '28px 24px 20px', width: 'min(360px, 92vw)', maxHeight: 'calc(100vh - 16px)', overflowY: 'auto', boxSizing: 'border-box', boxShadow: '0 20px 60px rgba(15,23,42,.35)', display: 'grid', gap: '12px' } }, [
      close,
      el('p', { text: 'SANDBOX CHECKOUT', style: { margin: 0, font: '700 11px system-ui, sans-serif', letterSpacing: '.12em', color: '#64748b' } }),
      el('h2', { text: o.name || 'Parley', style: { margin: 0, font: '700 20px system-ui, sans-serif', color: '#0f172a' } }),
      el('p', { text: o.description || '', style: { margin: 0, font: '14px system-ui, sans-serif', color: '#334155' } }),
      el('p', { text: formatAmount(o.amount, o.currency), 'data-testid': 'sandbox-amount', style: { margin: '4px 0', font: '700 28px system-ui, sans-serif', color: '#0f172a' } }),
      pay,
      reason,
      fail,
      status,
    ]);
    var overlay = el('div', { 'data-testid': 'sandbox-checkout', style: { position: 'fixed', inset: '0', background: 'rgba(15,23,42,.55)', display: 'grid', placeItems: 'center', zIndex: '2147483647' } }, [dialog]);
    // As a modal dialog does: focus stays inside while it is open, and goes back where it was when it closes.
    var opener = document.activeElement;
    // While an order settles nothing else is taken (a second press, Fail, Close, Escape): the
    // buttons rest with aria-disabled, so the pressed one keeps focus and says what it is doing.
    var settling = false;
    function setSettling(on, pressed) {
      settling = on;
      [pay, fail, close].forEach(function (node) {
        if (on) node.setAttribute('aria-disabled', 'true');
        else node.removeAttribute('aria-disabled');
        node.style.opacity = on && node !== pressed ? '0.6' : '';
        node.style.cursor = on ? 'progress' : 'pointer';
      });
      if (on) dialog.setAttribute('aria-busy', 'true');
      else dialog.removeAttribute('aria-busy');
      pay.textContent = on && pressed === pay ? 'Paying…' : payText;
      fail.textContent = on && pressed === fail ? 'Failing…' : failText;
      reason.disabled = on;
    }
    function say(text, isError) {
      status.style.color = isError ? '#b91c1c' : '#334155';
      status.textContent = text;
    }
    function remove() {
      window.removeEventListener('keydown', onKey, true);
      overlay.remove();
      if (opener && opener.isConnected && typeof opener.focus === 'function') opener.focus();
    }
    function dismiss() {
      if (settling) return;
      remove();
      if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
    }
    function onKey(event) {
      if (event.key === 'Escape') {
        // Escape closes this checkout only: the page's dialog that opened it keeps what was typed.
        event.stopPropagation();
        event.preventDefault();
        return dismiss();
      }
      if (event.key !== 'Tab') return;
      var controls = [close, pay, reason, fail].filter(function (node) { return !node.disabled; });
      if (controls.length === 0) return event.preventDefault();
      var first = controls[0];
      var last = controls[controls.length - 1];
      var inside = dialog.contains(document.activeElement);
      if (event.shiftKey && (!inside || document.activeElement === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
        event.preventDefault();
        first.focus();
      }
    }
    function settle(pressed, body) {
      if (settling) return;
      setSettling(true, pressed);
      say(pressed === pay ? 'Processing the payment…' : 'Failing the payment…', false);
      fetch('/api/payments/sandbox/settle', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-parley-client': 'sandbox-checkout' },
        body: JSON.stringify(Object.assign({ orderId: o.order_id }, body)),
      })
        .then(function (res) { return res.json(); })
        .then(function (result) {
          settling = false;
          remove();
          if (result.ok) {
            if (o.handler) o.handler({ razorpay_payment_id: result.razorpay_payment_id, razorpay_order_id: result.razorpay_order_id, razorpay_signature: result.razorpay_signature });
          } else {
            checkout.emit('payment.failed', { error: result.error });
          }
        })
        .catch(function () {
          setSettling(false);
          say('Could not reach the sandbox. Try again.', true);
        });
    }
    pay.addEventListener('click', function () { settle(pay, { outcome: 'success' }); });
    fail.addEventListener('click', function () { settle(fail, { outcome: 'failure', errorCode: reason.value, description: reason.options[reason.selectedIndex].text }); });
    close.addEventListener('click', dismiss);
    // Listened for on the window, capturing: this checkout hears its keys before the page's own dialogs do.
    window.addEventListener('keydown', onKey, true);
    document.body.appendChild(overlay);
    pay.focus();
  }
  window.Razorpay = Checkout;
})();
