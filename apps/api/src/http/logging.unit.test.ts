import { describe, expect, it } from 'vitest';
import { scrubUrl } from './logging.js';

describe('scrubUrl', () => {
  it('hides secret query values and keeps the rest', () => {
    expect(scrubUrl('/resetpassword?token=abc&lang=bn')).toBe('/resetpassword?token=[redacted]&lang=bn');
    expect(scrubUrl('/x?lang=bn&Password=hunter2')).toBe('/x?lang=bn&Password=[redacted]');
    expect(scrubUrl('/api/v1/statement?page=2')).toBe('/api/v1/statement?page=2');
  });
});
