/** URL-safe slugs for corpus and campaign names ("Wikipedia-IPC gold" → "wikipedia-ipc-gold"). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'corpus';
}

/** The slug, or the slug with -2, -3, … when it is taken. */
export function uniqueSlug(name: string, isTaken: (slug: string) => boolean): string {
  const base = slugify(name);
  if (!isTaken(base)) return base;
  for (let i = 2; ; i += 1) if (!isTaken(`${base}-${i}`)) return `${base}-${i}`;
}
