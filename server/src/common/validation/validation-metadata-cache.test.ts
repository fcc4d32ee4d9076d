import { IsInt, IsString, validateSync } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { cacheValidationMetadata } from './validation-metadata-cache';

const failing = (o: object) =>
  validateSync(o)
    .map((e) => e.property)
    .sort();

describe('kept validation rules', () => {
  it('validate as before, inherited rules included, and rules declared later count', () => {
    cacheValidationMetadata();
    class Page {
      @IsInt() pageNum!: unknown;
    }
    expect(failing(Object.assign(new Page(), { pageNum: 'x' }))).toEqual(['pageNum']);
    expect(failing(Object.assign(new Page(), { pageNum: 2 }))).toEqual([]);

    // Declared after Page's rules were looked up (and kept): its own rule and the inherited one both apply.
    class Query extends Page {
      @IsString() title!: unknown;
    }
    expect(failing(Object.assign(new Query(), { pageNum: 'x', title: 1 }))).toEqual(['pageNum', 'title']);
    expect(failing(Object.assign(new Page(), { pageNum: 'x', title: 1 }))).toEqual(['pageNum']);
    // Asked again (now from the kept answers), the same.
    expect(failing(Object.assign(new Query(), { pageNum: 3, title: 1 }))).toEqual(['title']);
  });
});
