import { Fragment, useMemo } from 'react';
import { markdownToBlocks, type Inline } from './markdown';

function Runs({ content }: { content: Inline[] }) {
  return <>{content.map((part, i) => (part.strong ? <strong key={i}>{part.text}</strong> : <Fragment key={i}>{part.text}</Fragment>))}</>;
}

/** Model output on screen: blocks of React text nodes only (never HTML), so markup in the answer stays text. */
export function MarkdownView({ text }: { text: string }) {
  const blocks = useMemo(() => markdownToBlocks(text), [text]);
  return (
    <div className="markdown">
      {blocks.map((block, i) => {
        switch (block.kind) {
          case 'heading': {
            // Answers sit under the page's h1 and the result's h2: their headings start at h3.
            const Tag = `h${Math.min(6, block.level + 2)}` as 'h3' | 'h4' | 'h5' | 'h6';
            return (
              <Tag key={i}>
                <Runs content={block.content} />
              </Tag>
            );
          }
          case 'list': {
            const List = block.ordered ? 'ol' : 'ul';
            return (
              <List key={i}>
                {block.items.map((item, j) => (
                  <li key={j}>
                    <Runs content={item} />
                  </li>
                ))}
              </List>
            );
          }
          case 'quote':
            return (
              <blockquote key={i}>
                <Runs content={block.content} />
              </blockquote>
            );
          case 'code':
            return <pre key={i}>{block.text}</pre>;
          case 'rule':
            return <hr key={i} />;
          default:
            return (
              <p key={i}>
                <Runs content={block.content} />
              </p>
            );
        }
      })}
    </div>
  );
}
