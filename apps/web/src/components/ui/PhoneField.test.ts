import { describe, expect, it } from 'vitest';
import { typedAsLocal } from './PhoneField';

describe('the phone field reads what is typed the local way', () => {
  it('turns Bangladesh’s country code into the trunk 0 and Bangla digits into Latin ones', () => {
    for (const typed of ['+8801822021430', '8801822021430', '008801822021430', '+880 1822-021430', '৮৮০১৮২২০২১৪৩০', '+৮৮০ ১৮২২ ০২১৪৩০']) {
      expect(typedAsLocal(typed).replace(/[\s-]/g, ''), typed).toBe('01822021430');
    }
    expect(typedAsLocal('01822-021430')).toBe('01822-021430');
    expect(typedAsLocal('+44 7911 123456')).toBe('+44 7911 123456');
    expect(typedAsLocal('+88')).toBe('+88');
  });
});
