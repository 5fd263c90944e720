// On a page opened from a search result (?highlight=word), mark the searched
// words in the content with Pagefind's highlight script, loaded only then.
// Its own <style> element is turned off (a strict Content-Security-Policy
// forbids it); assets/stylesheets/search.css styles the marks.
const config = document.querySelector("pagefind-config")
if (config) {
  const param = config.getAttribute("highlight-param")
  if (param && new URLSearchParams(location.search).has(param)) {
    const { default: PagefindHighlight } =
      await import(config.getAttribute("bundle-path") + "pagefind-highlight.js")
    new PagefindHighlight({ highlightParam: param, addStyles: false })
  }
}
