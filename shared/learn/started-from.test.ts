import { describe, expect, it } from 'vitest';
import { mostlyFrom } from './started-from';

describe('mostlyFrom: the strategy most corrections started from', () => {
  it('names a strategy only when more than half of the documents started from it', () => {
    expect(mostlyFrom(['texttiling', 'texttiling', 'structural'])).toEqual({ strategy: 'texttiling', documents: 2, of: 3 });
    expect(mostlyFrom(['texttiling', 'structural'])).toBeNull();
    expect(mostlyFrom(['texttiling', null, null])).toBeNull();
    expect(mostlyFrom([])).toBeNull();
  });
});
