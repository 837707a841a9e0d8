// The one Node API the build's config uses (web/vite.config.ts), without all of @types/node.
declare module "node:fs" {
  export function readdirSync(path: string): string[];
}
