// Search helpers on every page (partials/search.html):
// - on a page opened from a search result (?highlight=word), mark the searched
//   words in the content with Pagefind's highlight script, loaded only then.
//   Its own <style> element is turned off (a strict Content-Security-Policy
//   forbids it); assets/stylesheets/search.css styles the marks;
// - the full-screen search of narrow screens (Pagefind's modal, a <dialog>)
//   closes with the back gesture or button, as a phone reader expects: opening
//   it adds a history entry, going back closes it, and closing it any other
//   way (Escape, its close button) takes that entry away again.
const config = document.querySelector("pagefind-config")
if (config) {
  const param = config.getAttribute("highlight-param")
  if (param && new URLSearchParams(location.search).has(param)) {
    const { default: PagefindHighlight } =
      await import(config.getAttribute("bundle-path") + "pagefind-highlight.js")
    new PagefindHighlight({ highlightParam: param, addStyles: false })
  }
}

const modal = document.querySelector("pagefind-modal")
if (modal) {
  const STATE = "kb-search"
  const isOpen = () => Boolean(modal.querySelector("dialog[open]"))
  // Pagefind renders the <dialog> itself (and again when its translations
  // load): watch the component for a dialog that opens.
  new MutationObserver(() => {
    if (isOpen() && history.state?.[STATE] !== true) {
      history.pushState({ ...history.state, [STATE]: true }, "")
    }
  }).observe(modal, { subtree: true, attributes: true, attributeFilter: ["open"] })
  // "close" does not bubble: listen in the capture phase.
  modal.addEventListener("close", () => {
    if (history.state?.[STATE] === true) history.back()
  }, true)
  addEventListener("popstate", () => {
    if (isOpen() && history.state?.[STATE] !== true) modal.close()
  })
}
