import { describe, expect, it } from 'vitest';
import { commonsUrl, imageKeyOfTag, javaUrlEncode } from './image-name';

describe('image keys', () => {
  it('paper: first File:/Image: name, untrimmed, spaces as _, Image: written File:', () => {
    expect(imageKeyOfTag('[[Image:Monitor model.jpg|thumb]]', false)).toBe('File:Monitor_model.jpg');
    expect(imageKeyOfTag('[[File:Monitor model.jpg |thumb]]', false)).toBe('File:Monitor_model.jpg_');
    expect(imageKeyOfTag('[[file:lower.jpg|thumb]]', false)).toBeNull();
  });

  it('fixed: any-case prefix, trimmed, decoded, first letter upper-cased', () => {
    expect(imageKeyOfTag('[[file: monitor%20model.jpg |thumb]]', true)).toBe('File:Monitor_model.jpg');
    expect(imageKeyOfTag('[[Image:Monitor_model.jpg]]', true)).toBe('File:Monitor_model.jpg');
    expect(imageKeyOfTag('[[File: |x]]', true)).toBeNull();
  });

  it('writes Commons URLs as Java URLEncoder did, spaces as _', () => {
    expect(javaUrlEncode('File:Luka Šulić (2017).jpg')).toBe('File%3ALuka_%C5%A0uli%C4%87_%282017%29.jpg');
    expect(commonsUrl('File:A_b.jpg')).toBe('https://commons.wikimedia.org/wiki/File%3AA_b.jpg');
  });
});
