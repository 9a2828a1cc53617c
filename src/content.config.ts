import { defineCollection } from 'astro:content';
import { glob, type Loader } from 'astro/loaders';
import { join } from 'node:path';
import { z } from 'zod';
import { categorySchema, productSchema } from './lib/schemas/catalog';
import { categoryPageSchema, siteSchema } from './lib/schemas/site';
import {
  readCategoriesFile,
  readCategoryPagesFile,
  readProductFiles,
  readSiteFile,
  resolveContentRoot,
} from './server/catalog/content-files';

/**
 * A loader over one of the content readers: a bad edit (missing field, wrong type, duplicate SKU)
 * throws with the file and field named, which stops the build.
 */
function contentLoader<T extends object>(
  name: string,
  read: (root: string) => T[],
  idOf: (item: T) => string,
): Loader {
  return {
    name,
    load: async ({ store, config, parseData, watcher }) => {
      const root = resolveContentRoot(new URL('.', config.root).pathname);
      const sync = async () => {
        const items = read(root);
        store.clear();
        for (const item of items) {
          const id = idOf(item);
          store.set({ id, data: await parseData({ id, data: item as Record<string, unknown> }) });
        }
      };
      await sync();
      const contentDir = join(root, 'content');
      watcher?.add(contentDir);
      watcher?.on('change', (path) => {
        if (path.startsWith(contentDir) && path.endsWith('.json')) void sync();
      });
    },
  };
}

export const collections = {
  products: defineCollection({
    loader: contentLoader('product-lists', (root) => readProductFiles(root).map((p) => p.product), (p) => p.id),
    schema: productSchema,
  }),
  categories: defineCollection({
    loader: contentLoader('categories', readCategoriesFile, (c) => c.id),
    schema: categorySchema,
  }),
  categoryPages: defineCollection({
    loader: contentLoader('category-pages', readCategoryPagesFile, (c) => `${c.section}/${c.slug}`),
    schema: categoryPageSchema,
  }),
  site: defineCollection({
    loader: contentLoader('site', (root) => [readSiteFile(root)], () => 'site'),
    schema: siteSchema,
  }),
  /** Long-form pages written in Markdown: terms, privacy. */
  pages: defineCollection({
    loader: glob({ pattern: '*.md', base: './content/pages' }),
    schema: z.object({
      /** Page heading and title. */
      title: z.string().min(1),
      /** Meta description. */
      description: z.string().min(50).max(170),
      /** ISO date the text took effect. */
      updated: z.coerce.date(),
    }),
  }),
};
