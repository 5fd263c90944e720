// Search helpers on every page (partials/search.html):
// - the search UI loads on first use. Until then the header holds a stub of
//   Pagefind's closed search box (wide screens) and search button (phones),
//   drawn with Pagefind's own class names by pagefind-first-paint.css. Focus
//   or a click on the box, a tap on the button, Ctrl+K or "/" loads Pagefind's
//   stylesheet and script; once its components have drawn themselves, the
//   stub gives way to them: what was typed into the stub box goes into the
//   real one (its search runs), focus follows, and a tap on the button opens
//   the full-screen search. Nothing typed is lost, and nothing moves: the
//   real box and button have the stub's size and place;
// - on a page opened from a search result (?highlight=word), mark the searched
//   words in the content with Pagefind's highlight script, loaded only then.
//   Its own <style> element is turned off (a strict Content-Security-Policy
//   forbids it); assets/stylesheets/search.css styles the marks;
// - the full-screen search of narrow screens (Pagefind's modal, a <dialog>)
//   closes with the back gesture or button, as a phone reader expects: opening
//   it adds a history entry, going back closes it, and closing it any other
//   way (Escape, its close button) takes that entry away again.
const config = document.querySelector("pagefind-config")
const bundle = config?.getAttribute("bundle-path")

let loading = null
// Pagefind's stylesheet, then its script; resolves once its components are
// defined (they draw themselves as they are defined).
function loadSearch() {
  loading ??= (async () => {
    await new Promise((resolve, reject) => {
      const link = document.createElement("link")
      link.rel = "stylesheet"
      link.href = bundle + "pagefind-component-ui.css"
      link.onload = resolve
      link.onerror = () => reject(new Error("search: stylesheet not loaded"))
      document.head.append(link)
    })
    await import(bundle + "pagefind-component-ui.js")
    await Promise.all(["pagefind-searchbox", "pagefind-modal-trigger", "pagefind-modal"]
      .map(name => customElements.whenDefined(name)))
  })()
  return loading
}

// The element `find()` returns, once a component has drawn it.
function drawn(root, find) {
  return new Promise(resolve => {
    const found = find()
    if (found) return resolve(found)
    const watch = new MutationObserver(() => {
      const element = find()
      if (element) { watch.disconnect(); resolve(element) }
    })
    watch.observe(root, { childList: true, subtree: true })
  })
}

// The stubs stand beside the components (which redraw their own contents).
const searchbox = document.querySelector("pagefind-searchbox")
const stubInput = document.querySelector(".kb-search > .kb-search-stub input")
const trigger = document.querySelector("pagefind-modal-trigger")
const stubButton = document.querySelector(".kb-search-phone > .kb-search-stub button")

async function openBox() {
  await loadSearch()
  const real = await drawn(searchbox, () => searchbox.querySelector(".pf-searchbox input"))
  const typed = stubInput.value
  const focused = document.activeElement === stubInput
  const [start, end] = [stubInput.selectionStart, stubInput.selectionEnd]
  stubInput.closest(".kb-search-stub").remove()
  if (typed) {
    real.value = typed
    real.dispatchEvent(new Event("input", { bubbles: true }))
  }
  if (focused) {
    real.focus()
    if (start !== null) real.setSelectionRange(start, end)
  }
}

async function openModal() {
  await loadSearch()
  const real = await drawn(trigger, () => trigger.querySelector(".pf-trigger-btn"))
  stubButton.closest(".kb-search-stub").remove()
  real.click()
}

if (stubInput) {
  // Loading starts as soon as the reader heads for the box.
  stubInput.addEventListener("pointerenter", () => loadSearch(), { once: true })
  stubInput.addEventListener("focus", () => openBox(), { once: true })
}
if (stubButton) {
  stubButton.addEventListener("touchstart", () => loadSearch(), { once: true, passive: true })
  stubButton.addEventListener("click", () => openModal(), { once: true })
}

// The shortcuts: Ctrl+K (Pagefind's own, once loaded) and "/" (ours). The box
// when it is shown, the full-screen search when it is hidden (phones).
const boxShown = () => (document.querySelector(".kb-search")?.getClientRects().length ?? 0) > 0
const editing = target => target instanceof Element
  && target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']")
addEventListener("keydown", event => {
  const ctrlK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k"
  const slash = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey
  if (!(ctrlK || slash) || (slash && editing(event.target))) return
  if (ctrlK && !stubInput?.isConnected && !stubButton?.isConnected) return  // Pagefind's own
  event.preventDefault()
  if (boxShown()) {
    const input = stubInput?.isConnected ? stubInput
      : searchbox.querySelector(".pf-searchbox input")
    input?.focus()
  } else if (stubButton?.isConnected) {
    openModal()
  } else {
    trigger?.querySelector(".pf-trigger-btn")?.click()
  }
}, true)

if (config) {
  const param = config.getAttribute("highlight-param")
  if (param && new URLSearchParams(location.search).has(param)) {
    const { default: PagefindHighlight } =
      await import(bundle + "pagefind-highlight.js")
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
