/*
 * Material's search worker, with the reader's query stemmed like the index.
 *
 * Each language's index is built with its lunr stemmer (overrides/hooks/
 * search_i18n.py). Material appends a wildcard to every query word
 * ("muistin*") and lunr runs no pipeline on wildcard terms, so an inflected
 * word would never meet its stem ("muist"). This shim loads Material's worker
 * (named by ?worker=, in this folder, so that its ../lunr paths resolve), then
 *  - stems each wildcard word before lunr parses it: "muistin*" -> "muist*";
 *  - reports back to the page the words as the reader typed them (missing
 *    terms) or, for highlighting (?h=), the part the word shares with its stem;
 *  - turns suggested stems back into words of the titles.
 * Everything stays inside one function: lunr's Arabic stemmer writes its
 * helpers (stem, normalize, ...) onto the worker's global object.
 */
(() => {
  "use strict"

  let setup = null         // Material's setup message: index config and docs
  let query = ""           // the query being answered
  const typed = new Map()  // stem -> word as typed, for the current query
  let stemmer = null       // the index's pipeline without its stop-word filters
  let titleWords = null    // stem -> words of the titles with that stem

  addEventListener("message", ({ data }) => {
    if (data.type === 0) setup = data.data
    if (data.type === 2) { query = data.data; typed.clear() }
  })

  const post = self.postMessage.bind(self)
  self.postMessage = message => {
    if (message.type === 3) {
      for (const group of message.data.items)
        for (const item of group) item.terms = reportTerms(item.terms)
      if (message.data.suggest) message.data.suggest = suggestWords(message.data.suggest)
    }
    post(message)
  }

  // Only a script of this folder: the name comes from the page's __config
  const worker = new URLSearchParams(location.search).get("worker") || ""
  if (!/^[\w.-]+\.js$/.test(worker)) throw new Error(`search-i18n: bad worker "${worker}"`)
  importScripts(worker)

  // The index's own pipeline, as Material's worker built it, without its
  // stop-word filters, so that no query word is dropped
  const build = lunr.Builder.prototype.build
  lunr.Builder.prototype.build = function () {
    stemmer = lunr.Pipeline.load(
      this.pipeline.toJSON().filter(label => !label.startsWith("stopWordFilter")))
    return build.call(this)
  }

  function stem(word) {
    const [result] = stemmer.runString(word.toLowerCase())
    return result || word.toLowerCase()
  }

  const parseTerm = lunr.QueryParser.parseTerm
  lunr.QueryParser.parseTerm = parser => {
    const lexeme = parser.peekLexeme()
    const [, word] = /^([^*]+)\*$/.exec(lexeme ? lexeme.str : "") || []
    if (word) {
      const root = stem(word)
      typed.set(root, word)
      lexeme.str = `${root}*`
    }
    return parseTerm(parser)
  }

  function sharedStart(a, b) {
    let i = 0
    while (i < a.length && a[i] === b[i]) i++
    return a.slice(0, i)
  }

  function reportTerms(terms) {
    const result = {}
    for (const [root, found] of Object.entries(terms)) {
      const word = typed.get(root) || root
      const start = sharedStart(root, word.toLowerCase())
      result[found && start.length >= 3 ? start : word] = found
    }
    return result
  }

  function suggestWords(stems) {
    if (!titleWords) {
      titleWords = new Map()
      const separator = new RegExp(setup.config.separator)
      for (const doc of setup.docs)
        for (const token of doc.title.replace(/<[^>]*>/g, " ").toLowerCase().split(separator)) {
          const word = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")
          if (word) titleWords.set(stem(word), [...(titleWords.get(stem(word)) || []), word])
        }
    }
    const last = query.toLowerCase().split(/[\s-]+/).pop()
    return stems.flatMap(root =>
      (titleWords.get(root) || []).filter(word => word.startsWith(last)).slice(0, 1))
  }
})()
