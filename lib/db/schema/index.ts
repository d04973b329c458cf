export * from "./members";
export * from "./content";
export * from "./ops";
export * from "./statements";
export * from "./quant";
export * from "./likes";
export * from "./search";
export * from "./payments";
