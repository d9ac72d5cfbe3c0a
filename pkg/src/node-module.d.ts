// The one Node API the Node entry uses, declared here so the build needs no @types/node.
declare module "node:module" {
  export function createRequire(path: string | URL): (id: string) => unknown;
}
