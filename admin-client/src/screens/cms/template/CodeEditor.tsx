/**
 * The template code editor: CodeMirror 6 (`basicSetup`: line numbers, history, brackets, search, syntax colouring)
 * with the HTML language, Liquid `{{ }}`/`{% %}` marks, Ctrl/Cmd+S and the syntax-error line the server reports.
 * Loaded as its own chunk (React.lazy) by the template editor page only.
 */
import { indentWithTab } from '@codemirror/commands';
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { xml } from '@codemirror/lang-xml';
import { Annotation, EditorState, StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, keymap, MatchDecorator, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/Cmd+S. */
  onSave?: () => void;
  /** 1-based line to mark as the syntax error (and scroll to); undefined clears the mark. */
  errorLine?: number;
  readOnly?: boolean;
  /** Accessible name of the editing area. */
  label: string;
  /** The grammar: `html` (the default: templates, pages, with Liquid marks), css, js, json, xml, or `text` (none). */
  language?: CodeLanguage;
}

export type CodeLanguage = 'html' | 'css' | 'js' | 'json' | 'xml' | 'text';

const GRAMMARS: Record<Exclude<CodeLanguage, 'text'>, () => Extension[]> = {
  html: () => [html(), liquidMarks],
  css: () => [css()],
  js: () => [javascript()],
  json: () => [json()],
  xml: () => [xml()],
};

/** Liquid output and tags are plain text to the HTML grammar: marked on their own. */
const liquidMatcher = new MatchDecorator({ regexp: /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g, decoration: Decoration.mark({ class: 'cm-t-liquid' }) });
const liquidMarks = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = liquidMatcher.createDeco(view);
    }
    update(u: ViewUpdate) {
      this.decorations = liquidMatcher.updateDeco(u, this.decorations);
    }
  },
  { decorations: (p) => p.decorations },
);

const setErrorLine = StateEffect.define<number | null>();
const errorLineField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(deco, tr) {
    let next = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setErrorLine)) continue;
      const n = e.value;
      next =
        n && n >= 1 && n <= tr.state.doc.lines
          ? Decoration.set([Decoration.line({ class: 'cm-error-line' }).range(tr.state.doc.line(n).from)])
          : Decoration.none;
    }
    return next;
  },
  provide: (f) => EditorView.decorations.from(f),
});

/** Marks a change that loads another file rather than typing (not reported back as an edit). */
const externalLoad = Annotation.define<boolean>();

const editorTheme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', border: '1px solid rgba(128,128,128,0.35)' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', overflow: 'auto' },
  '.cm-t-liquid': { color: '#b31d28', backgroundColor: 'rgba(255, 200, 0, 0.12)' },
  '.cm-error-line': { backgroundColor: 'rgba(255, 0, 0, 0.15)' },
});

export default function CodeEditor({ value, onChange, onSave, errorLine, readOnly = false, label, language = 'html' }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const emitted = useRef(value);
  const handlers = useRef({ onChange, onSave });
  handlers.current = { onChange, onSave };

  useEffect(() => {
    const extensions: Extension[] = [
      basicSetup,
      ...(language === 'text' ? [] : GRAMMARS[language]()),
      errorLineField,
      keymap.of([{ key: 'Mod-s', run: () => (handlers.current.onSave?.(), true), preventDefault: true }, indentWithTab]),
      EditorState.tabSize.of(2),
      EditorState.readOnly.of(readOnly),
      EditorView.editable.of(!readOnly),
      EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' }),
      EditorView.updateListener.of((u) => {
        if (!u.docChanged || u.transactions.some((t) => t.annotation(externalLoad))) return;
        const text = u.state.doc.toString();
        emitted.current = text;
        handlers.current.onChange(text);
      }),
      editorTheme,
    ];
    const created = new EditorView({ parent: host.current!, state: EditorState.create({ doc: emitted.current, extensions }) });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // Built once per mount; value and error-line changes are dispatched below.
  }, [readOnly, label, language]);

  // Another template loaded: a fresh state, so undo cannot step back into the previous file.
  useEffect(() => {
    const v = view.current;
    if (!v || value === emitted.current) return;
    emitted.current = value;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value }, annotations: externalLoad.of(true) });
  }, [value]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const line = errorLine && errorLine <= v.state.doc.lines ? errorLine : null;
    v.dispatch({
      effects: [setErrorLine.of(line), ...(line ? [EditorView.scrollIntoView(v.state.doc.line(line).from, { y: 'center' })] : [])],
      ...(line ? { selection: { anchor: v.state.doc.line(line).from } } : {}),
    });
  }, [errorLine]);

  return <div ref={host} data-testid="template-code-editor" style={{ height: '100%', minHeight: 400 }} />;
}
