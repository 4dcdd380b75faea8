/** Response bodies in tests are asserted field by field, so they are typed loosely on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export async function bodyOf(response: Response): Promise<Json> {
  return response.json();
}
