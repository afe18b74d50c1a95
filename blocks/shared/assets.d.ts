/** Style sheets imported by a block's index.ts are extracted by @wordpress/scripts into style-index.css. */
declare module '*.css';
