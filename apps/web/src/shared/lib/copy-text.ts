/**
 * Copies text to the clipboard: the async Clipboard API where the page may use it (secure
 * context, permission), else a hidden textarea and execCommand('copy'). Rejects when neither works.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Denied or not allowed here (e.g. plain http): try the fallback.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  const previous = document.activeElement as HTMLElement | null;
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } finally {
    area.remove();
    previous?.focus();
  }
  if (!copied) throw new Error('Copying is not available in this browser. Select the text and copy it instead.');
}
