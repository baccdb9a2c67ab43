import type { OpenApiDocument, OperationObject } from './openapi-document.ts';

/**
 * /api/docs: the OpenAPI document as one server-rendered page. No script at all (the app's CSP
 * allows none inline, and the page must work offline); <details> opens each operation.
 */
export function renderDocsPage(document: OpenApiDocument): string {
  const info = document.info as { title: string; description: string };
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = (op.tags as string[])[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, op)]);
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([tag, ops]) =>
        `<section><h2 id="${escape(tag)}">${escape(tag)}</h2>${ops.join('')}</section>`,
    )
    .join('');
  const toc = [...byTag.keys()]
    .sort()
    .map((tag) => `<a href="#${escape(tag)}">${escape(tag)}</a>`)
    .join(' · ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(info.title)}</title><style>${STYLE}</style></head><body><h1>${escape(info.title)}</h1>${paragraphs(info.description)}<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p><nav>${toc}</nav>${sections}</body></html>`;
}

function renderOperation(method: string, path: string, op: OperationObject): string {
  const badges = [
    op['x-stability'] === 'stable' ? '<span class="stable">stable</span>' : '',
    op.security ? '<span class="auth">bearer</span>' : '',
    op['x-rateLimit'] ? `<span>${(op['x-rateLimit'] as { limit: number }).limit}/min</span>` : '',
  ].join('');
  const parameters = (op.parameters as { name: string; in: string; required: boolean }[]) ?? [];
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'required' : ''}</td></tr>`,
    )
    .join('');
  const body = (op.requestBody as { content: Record<string, { schema: unknown }> } | undefined)
    ?.content;
  const success = (
    op.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>
  )['200']?.content;
  return `<details><summary><b class="${method}">${method.toUpperCase()}</b> <code>${escape(path)}</code> ${escape(String(op.summary))} ${badges}</summary>${paragraphs(String(op.description ?? ''))}${rows ? `<table>${rows}</table>` : ''}${body ? `<h4>Body</h4>${schemaBlock(body)}` : ''}${success ? `<h4>Answer</h4>${schemaBlock(success)}` : ''}</details>`;
}

function schemaBlock(content: Record<string, { schema?: unknown }>): string {
  const [type, media] = Object.entries(content)[0] ?? [];
  if (!type) return '';
  const schema = media?.schema === undefined ? '' : JSON.stringify(media.schema, null, 2);
  return `<p>${escape(type)}</p>${schema ? `<pre>${escape(schema)}</pre>` : ''}`;
}

function paragraphs(text: string): string {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((p) => `<p>${escape(p)}</p>`)
    .join('');
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111}
details{border:1px solid #ddd;border-radius:6px;margin:.4rem 0;padding:.3rem .6rem}summary{cursor:pointer}
b{display:inline-block;min-width:4rem}.get{color:#0a6}.post{color:#06c}.put{color:#a60}.delete{color:#c22}
span{font-size:12px;border:1px solid #999;border-radius:4px;padding:0 4px;margin-left:4px}.stable{border-color:#0a6;color:#0a6}
pre{background:#f6f6f6;padding:.5rem;overflow:auto;font-size:12px}td{padding:0 .6rem 0 0}nav{margin:1rem 0}`;
