extension ExplorerAssets {
    /// The explorer's style sheet: three panes and a documentation column, light colours,
    /// the editor's tokens coloured by kind.
    static let style = """
        :root { --loaded: 1; --ink: #1f2328; --muted: #656d76; --line: #d0d7de; --panel: #f6f8fa;
          --accent: #bf5a00; --mono: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
        * { box-sizing: border-box; }
        html, body { height: 100%; margin: 0; }
        body { font: 14px/1.45 system-ui, "Noto Sans", "Noto Sans CJK SC", sans-serif; color: var(--ink);
          display: flex; flex-direction: column; background: #fff; }
        .bar { display: flex; align-items: center; gap: 10px; padding: 8px 14px; border-bottom: 1px solid var(--line);
          background: var(--panel); }
        .brand { font-weight: 700; color: var(--accent); font-size: 16px; }
        .subtitle { color: var(--muted); }
        .spacer { flex: 1; }
        .status { color: var(--muted); font-size: 12px; }
        button { font: inherit; border: 1px solid var(--line); background: #fff; border-radius: 6px; padding: 3px 12px;
          cursor: pointer; }
        button:hover { border-color: var(--accent); }
        #run { background: var(--accent); color: #fff; border-color: var(--accent); font-weight: 600; }
        .panes { flex: 1; display: flex; min-height: 0; }
        .left, .middle { flex: 1; display: flex; flex-direction: column; min-width: 0; border-right: 1px solid var(--line); }
        .editor { position: relative; flex: 1; min-height: 0; }
        .editor pre, .editor textarea { position: absolute; inset: 0; margin: 0; padding: 12px; border: 0;
          font: 13px/1.5 var(--mono); white-space: pre-wrap; word-wrap: break-word; overflow: auto; tab-size: 2; }
        .editor textarea { background: transparent; color: transparent; caret-color: var(--ink); resize: none; outline: none; }
        .editor pre { color: var(--ink); pointer-events: none; }
        .tabs { display: flex; gap: 4px; padding: 4px 8px; border-top: 1px solid var(--line); background: var(--panel); }
        .tab { border: 0; background: none; color: var(--muted); padding: 2px 8px; }
        .tab.active { color: var(--ink); font-weight: 600; border-bottom: 2px solid var(--accent); border-radius: 0; }
        textarea.side { height: 24%; min-height: 80px; border: 0; border-top: 1px solid var(--line); padding: 10px 12px;
          font: 13px/1.5 var(--mono); resize: vertical; outline: none; }
        .response { flex: 1; margin: 0; padding: 12px; overflow: auto; font: 13px/1.5 var(--mono); background: #fbfbfc; }
        .docs { width: 340px; display: flex; flex-direction: column; min-height: 0; background: #fff; }
        .docs[hidden] { display: none; }
        #docs-search { margin: 8px; padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; font: inherit; }
        #docs-body { flex: 1; overflow: auto; padding: 0 12px 12px; }
        #docs-body h2 { font-size: 16px; margin: 8px 0 4px; }
        #docs-body h3 { font-size: 12px; text-transform: uppercase; color: var(--muted); margin: 14px 0 4px; }
        #docs-body p { margin: 2px 0 6px; color: var(--muted); white-space: pre-wrap; }
        #docs-body .field { padding: 4px 0; border-bottom: 1px solid #eef0f2; font-family: var(--mono); font-size: 12.5px; }
        #docs-body .field p { font-family: system-ui, sans-serif; font-size: 12.5px; }
        #docs-body a { color: #0550ae; cursor: pointer; text-decoration: none; }
        #docs-body a:hover { text-decoration: underline; }
        #docs-body .back { font-size: 12px; }
        .t-keyword { color: #cf222e; } .t-name { color: #0550ae; } .t-type { color: #8250df; }
        .t-variable { color: #953800; } .t-string { color: #0a3069; } .t-number { color: #116329; }
        .t-comment { color: #6e7781; font-style: italic; } .t-directive { color: #8250df; } .t-punct { color: #57606a; }
        .t-argument { color: #116329; }
        .completions { position: absolute; z-index: 5; margin: 0; padding: 2px 0; list-style: none; background: #fff;
          border: 1px solid var(--line); border-radius: 6px; box-shadow: 0 4px 14px rgba(0,0,0,.12); max-height: 220px;
          overflow: auto; min-width: 220px; font: 12.5px/1.4 var(--mono); }
        .completions li { padding: 2px 10px; cursor: pointer; display: flex; justify-content: space-between; gap: 12px; }
        .completions li.selected { background: #ddf4ff; }
        .completions .detail { color: var(--muted); }
        .r-key { color: #0550ae; } .r-string { color: #0a3069; } .r-number { color: #116329; } .r-literal { color: #cf222e; }
        """
}
