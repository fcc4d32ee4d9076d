/**
 * Prompt templates of the AI writing tools: a logic-less substitution, never evaluated as code.
 * `{{name}}` inserts a field value; `{{#if name}}...{{else}}...{{/if}}` keeps a part when the field is not blank
 * (nesting allowed). Nothing is escaped: the text goes to an LLM, not to a browser.
 */

type Node = { text: string } | { variable: string } | { test: string; then: Node[]; otherwise: Node[] };

const TAG = /\{\{\s*(#if\s+[A-Za-z][A-Za-z0-9_]*|else|\/if|[A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

export class PromptTemplateError extends Error {}

/** Parses a template; throws PromptTemplateError on an unclosed or stray `{{#if}}`/`{{else}}`/`{{/if}}`. */
export function parsePromptTemplate(template: string): Node[] {
  const root: Node[] = [];
  // Each open `if` with the list new nodes go to (its `then`, or its `otherwise` after `else`).
  const stack: Array<{ node: { test: string; then: Node[]; otherwise: Node[] }; target: Node[] }> = [];
  const target = () => (stack.length ? stack[stack.length - 1].target : root);
  let last = 0;
  for (const match of template.matchAll(TAG)) {
    if (match.index > last) target().push({ text: template.slice(last, match.index) });
    last = match.index + match[0].length;
    const tag = match[1];
    if (tag.startsWith('#if')) {
      const node = { test: tag.slice(3).trim(), then: [] as Node[], otherwise: [] as Node[] };
      target().push(node);
      stack.push({ node, target: node.then });
    } else if (tag === 'else') {
      const open = stack[stack.length - 1];
      if (!open || open.target === open.node.otherwise) throw new PromptTemplateError('{{else}} without {{#if}}');
      open.target = open.node.otherwise;
    } else if (tag === '/if') {
      if (!stack.pop()) throw new PromptTemplateError('{{/if}} without {{#if}}');
    } else {
      target().push({ variable: tag });
    }
  }
  if (stack.length) throw new PromptTemplateError(`{{#if ${stack[stack.length - 1].node.test}}} is not closed`);
  if (last < template.length) target().push({ text: template.slice(last) });
  return root;
}

function renderNodes(nodes: Node[], values: Record<string, string>): string {
  // Own properties only: `{{constructor}}` must not reach Object.prototype.
  const value = (name: string) => (Object.hasOwn(values, name) && typeof values[name] === 'string' ? values[name] : '');
  let out = '';
  for (const node of nodes) {
    if ('text' in node) out += node.text;
    else if ('variable' in node) out += value(node.variable);
    else out += renderNodes(value(node.test).trim() ? node.then : node.otherwise, values);
  }
  return out;
}

/** Fills a template with field values (unknown names render empty); blank lines left by empty parts collapse. */
export function renderPromptTemplate(template: string, values: Record<string, string>): string {
  return renderNodes(parsePromptTemplate(template), values)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
