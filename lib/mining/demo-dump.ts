/**
 * The demo's dump excerpt (prisma/demo/, README there): two English Wikipedia articles cut from a
 * real `pages-articles` dump, small enough to carry and to mine in seconds, so the Mining page can
 * be tried at once. The demo seed copies it into the dumps folder; the page shows its attribution
 * beside the listing, as CC BY-SA asks. Pure.
 */
export const DEMO_DUMP = {
  fileName: 'enwiki-2014-ankara-anatolia-excerpt.xml.bz2',
  /** what `paralens mine` makes of it (gold is the default tier) */
  yields: 'about 80 image references; 1 gold pair, 3 silver pairs',
  attribution:
    'Two English Wikipedia articles, “Ankara” (revision 632160878, 2 November 2014) and “Anatolia” (revision 631308495, 27 October 2014), by their Wikipedia contributors (see each article’s history), under CC BY-SA 3.0; the siteinfo header and the two pages exactly as in the November 2014 dump excerpt of wp2txt’s test data (yohasebe/wp2txt, commit ad8949a, MIT).',
  licenceUrl: 'https://creativecommons.org/licenses/by-sa/3.0/',
} as const;
