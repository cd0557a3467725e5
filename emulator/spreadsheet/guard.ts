/**
 * Wraps each emulated object in a Proxy so that (1) a real Apps Script method we did not emulate
 * throws "<Class>.<method> is not emulated" instead of silently doing nothing, and (2) mutating
 * methods throw "You do not have permission to call <method>" in read-only mode (custom functions).
 */

export type Permission = () => 'full' | 'readOnly';

const MUTATING =
  /^(set|insert|delete|clear|add|remove|toast|activate|hide|show|autoResize|append|sort|copyTo|moveTo|merge|unmerge|protect|duplicate|rename|trim|randomize|shift|uncheck|check|breakApart|deleteRow|expand|collapse|group|ungroup)([A-Z]|$)/;

// Apps Script method names start with a verb; other property names (then, toJSON, asymmetricMatch,
// $$typeof, nodeType...) are probes from JS tooling and must stay undefined.
const APPS_SCRIPT_METHOD =
  /^(get|open|set|insert|delete|clear|add|remove|create|copy|move|sort|hide|show|is|auto|append|activate|deactivate|protect|merge|unmerge|find|new|trim|break|check|uncheck|collapse|expand|group|ungroup|randomize|shift|duplicate|reset|apply|update|rename|unhide|refresh|wait|build|enable|flush|toast|offset|alert|prompt|can|with|moveTo|showSidebar|showModalDialog|showModelessDialog)([A-Z]|$)/;

export function isMutating(method: string): boolean {
  return MUTATING.test(method);
}

export function guard<T extends object>(className: string, target: T, permission: Permission): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      if (typeof prop === 'symbol') return Reflect.get(t, prop, receiver);
      if (prop in t) {
        const value = Reflect.get(t, prop, receiver) as unknown;
        if (typeof value === 'function' && isMutating(prop)) {
          return (...args: unknown[]) => {
            if (permission() === 'readOnly') throw new Error(`You do not have permission to call ${prop}`);
            return (value as (...a: unknown[]) => unknown).apply(t, args);
          };
        }
        return value;
      }
      if (APPS_SCRIPT_METHOD.test(prop)) {
        return () => {
          throw new Error(`${className}.${prop} is not emulated`);
        };
      }
      return undefined;
    },
  });
}
