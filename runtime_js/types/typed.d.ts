// typed.js: the props of the views compiled from an outputSchema (components/nodes.py: a prop at
// its default, None among them, is left out of the tree), as the
// runtime reads them. typed.js adds nothing to CU but its builders in CU.views.NODES.

/** A view node as a typed builder reads it (components/nodes.py ViewNode). */
interface TypedNode {
  props: Record<string, unknown>;
  children?: unknown[];
}

/** Builds a node's view of its data (CU.views.NODES entries). */
type TypedBuilder = (node: TypedNode, data: unknown) => Node | string;

interface TableProps {
  bind?: string;
  label?: string;
  /** Empty: columns from the union of the rows' keys. */
  columns?: TableColumn[];
  pageSize?: number;
}

interface KeyValueProps {
  bind?: string;
  label?: string;
  /** Empty: every key of the bound object, in its order. */
  fields?: TableColumn[];
}

interface ListProps {
  bind?: string;
  label?: string;
  format?: string;
}

interface CardGridProps {
  bind?: string;
  label?: string;
  /** The field each card is titled by. */
  titlePointer?: string;
  /** Empty (left out): every key of the rows. */
  fields?: TableColumn[];
}

interface MetricProps {
  bind?: string;
  label?: string;
  format?: string;
  unit?: string;
}

interface ImageProps {
  bind?: string;
  label?: string;
  mimeType?: string;
  alt?: string;
}
