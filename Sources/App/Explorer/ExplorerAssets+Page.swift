extension ExplorerAssets {
    /// The page: a toolbar, the editor with its variables and headers panes, the response,
    /// and the documentation browser. Everything else is built by `app.js`.
    static let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Kitchen · GraphQL explorer</title>
        <link rel="icon" href="data:,">
        <link rel="stylesheet" href="\(stylePath)">
        </head>
        <body data-state="loading" data-failed-requests="0">
        <header class="bar">
          <span class="brand">Kitchen</span><span class="subtitle">GraphQL explorer</span>
          <button id="run" type="button" title="Run (Ctrl+Enter)">▶ Run</button>
          <button id="prettify" type="button" title="Tidy the indentation">Tidy</button>
          <span id="status" class="status"></span>
          <span class="spacer"></span>
          <button id="docs-toggle" type="button">Docs</button>
        </header>
        <main class="panes">
          <section class="left">
            <div class="editor" id="editor">
              <pre class="highlight" id="highlight" aria-hidden="true"></pre>
              <textarea id="query" spellcheck="false" autocomplete="off" autocapitalize="off" aria-label="Query"></textarea>
              <ul class="completions" id="completions" hidden></ul>
            </div>
            <div class="tabs">
              <button type="button" class="tab active" data-tab="variables">Variables</button>
              <button type="button" class="tab" data-tab="headers">Headers</button>
            </div>
            <textarea id="variables" class="side" spellcheck="false" aria-label="Variables (JSON)" placeholder="{}"></textarea>
            <textarea id="headers" class="side" spellcheck="false" aria-label="Headers (JSON)" placeholder='{"Authorization": "Bearer …"}' hidden></textarea>
          </section>
          <section class="middle">
            <pre id="response" class="response" aria-live="polite"></pre>
          </section>
          <aside class="docs" id="docs">
            <input id="docs-search" type="search" placeholder="Search the schema" aria-label="Search the schema">
            <nav id="docs-body"></nav>
          </aside>
        </main>
        <script src="\(scriptPath)"></script>
        </body>
        </html>
        """
}
