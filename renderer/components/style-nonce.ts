/**
 * This page load's nonce for <style> elements (the csp-nonce meta tag main fills in; see main/core/csp.ts), for
 * libraries that take it as a prop instead of reading get-nonce, such as @hello-pangea/dnd's DragDropContext.
 */
export function styleNonce(): string | undefined {
  const value = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return value && value !== '__CSP_NONCE__' ? value : undefined;
}
