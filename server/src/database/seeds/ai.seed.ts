import { AI_TOOLS } from '@zhiwen/shared';
import type { Seed } from './seed';

/**
 * The AI writing tool catalog of the shared package: tools missing from `ai_tool` are added (a new release's tools
 * reach existing databases); tools already there keep what staff changed.
 */
export const aiSeed: Seed = {
  name: 'ai',
  async run(manager) {
    for (const [index, tool] of AI_TOOLS.entries()) {
      await manager.query(
        `INSERT INTO ai_tool (slug, tool_name, category, description, fields, prompt_template, output_format, conversational, sort, create_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'system') ON CONFLICT (slug) DO NOTHING`,
        [
          tool.slug,
          tool.name,
          tool.category,
          tool.description,
          JSON.stringify(tool.fields),
          tool.promptTemplate,
          tool.outputFormat,
          !!tool.conversational,
          (index + 1) * 10,
        ],
      );
    }
  },
};
