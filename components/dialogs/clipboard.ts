/**
 * Copies text to the clipboard: the async Clipboard API where the page may use it, else the older
 * `execCommand("copy")` on a hidden textarea (WeChat's and older Android webviews, plain-http pages).
 * Resolves false when neither works, so the caller can ask the user to copy by hand.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or unavailable: try the fallback below.
  }
  try {
    // Inside a modal dialog the textarea must live in the dialog, or the focus trap takes the focus back.
    const host = document.activeElement?.closest("[role=dialog]") ?? document.body;
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.cssText = "position:fixed;top:0;left:0;width:1px;height:1px;opacity:0;";
    host.appendChild(area);
    area.focus();
    area.select();
    area.setSelectionRange(0, text.length);
    const copied = document.execCommand("copy");
    area.remove();
    return copied;
  } catch {
    return false;
  }
}

/** Selects the whole value of a read-only field (iOS needs setSelectionRange as well as select). */
export function selectAll(input: HTMLInputElement) {
  input.select();
  try {
    input.setSelectionRange(0, input.value.length);
  } catch {
    // Some input types refuse selection ranges; select() above already did what it could.
  }
}
