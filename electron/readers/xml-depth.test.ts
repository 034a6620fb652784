import { describe, expect, it } from 'vitest';
import { xmlDepth } from './xml-depth';

const depth = (xml: string) => xmlDepth(new TextEncoder().encode(xml));

describe('xmlDepth', () => {
  it('counts start tags, not empty-element tags, end tags or what is not an element', () => {
    expect(depth('<?xml version="1.0"?><a><b/><c><d x="1"/></c></a>')).toBe(2);
    expect(depth('<!-- <x><y><z> --><a><![CDATA[<b><c>]]></a><!DOCTYPE q>')).toBe(1);
    expect(depth('<a t="x>y" u=\'/>\'><b>text</b></a>')).toBe(2);
    expect(depth('')).toBe(0);
  });

  it('follows 100,000 levels without recursing', () => {
    expect(depth(`${'<w:tc>'.repeat(100_000)}${'</w:tc>'.repeat(100_000)}`)).toBe(100_000);
  });
});
