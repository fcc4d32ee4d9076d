import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Lookup = Storage['getTargetValidationMetadatas'];

const cached = new WeakSet<Storage>();

/**
 * Keeps class-validator's answer to "which rules apply to this class" per class and options. class-validator works it
 * out on every validation by walking the rules of every class it knows (to find inherited ones): with a few hundred
 * DTOs that walk was ~2% of a list request's CPU. Rules come from decorators, declared when modules load; adding one
 * later drops every kept answer.
 */
export function cacheValidationMetadata(storage: Storage = getMetadataStorage()): void {
  if (cached.has(storage)) return;
  cached.add(storage);
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  const kept = new Map<Parameters<Lookup>[0], Map<string, ReturnType<Lookup>>>();
  storage.addValidationMetadata = (metadata) => {
    kept.clear();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let ofTarget = kept.get(target);
    if (!ofTarget) kept.set(target, (ofTarget = new Map()));
    let found = ofTarget.get(key);
    if (!found) ofTarget.set(key, (found = lookup(target, schema, always, strictGroups, groups)));
    // A copy: the caller owns the array it is given, as before.
    return found.slice();
  };
}
