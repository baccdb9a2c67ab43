import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema 2020-12, the dialect of OpenAPI 3.1: requests as the client sends
 * them ('input', before coercions and defaults), answers as the server sends them ('output').
 * What JSON Schema cannot say (a transform, a bigint) reads as "any" instead of failing.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return json;
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
  style?: 'form';
  explode?: boolean;
}

/** An object schema's fields as OpenAPI parameters; anything else as one form-style object. */
export function toParameters(schema: z.ZodType, where: 'path' | 'query'): ParameterObject[] {
  const json = toJsonSchema(schema, 'input');
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  if (!properties) {
    return [
      { name: where, in: where, required: false, schema: json, style: 'form', explode: true },
    ];
  }
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    // A path parameter is always required (OpenAPI 3.1 §4.8.12.1), whatever its schema says.
    required: where === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}
