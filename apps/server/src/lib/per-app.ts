/**
 * One instance of a module's service per application, made on first use from the application's ports
 * and shared by every module that asks for it (the refund engine's listeners, say, must be the ones
 * the engine calls). A module's entry exports `const fooService = perApp((ports) => createFoo(...))`;
 * other modules call `fooService(ports)` instead of reaching for a Fastify decorator.
 */
export function perApp<P extends object, T>(make: (ports: P) => T): (ports: P) => T {
  const made = new WeakMap<P, T>();
  return (ports) => {
    if (!made.has(ports)) made.set(ports, make(ports));
    return made.get(ports) as T;
  };
}
