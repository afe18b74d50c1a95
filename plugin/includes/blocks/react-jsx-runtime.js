/**
 * The automatic JSX runtime (`react/jsx-runtime`) on top of window.React, for WordPress 6.5, which
 * does not ship it. jsx(type, props, key) becomes React.createElement; static children (jsxs) are
 * passed one by one, as the compiler wrote them, so React does not ask them for keys.
 */
( function ( React ) {
	'use strict';
	if ( window.ReactJSXRuntime ) {
		return;
	}
	function element( type, config, maybeKey, childrenAreStatic ) {
		var props = {};
		var children;
		for ( var name in config ) {
			if ( Object.prototype.hasOwnProperty.call( config, name ) && name !== 'children' ) {
				props[ name ] = config[ name ];
			}
		}
		if ( maybeKey !== undefined ) {
			props.key = '' + maybeKey;
		}
		children = config ? config.children : undefined;
		if ( children === undefined ) {
			return React.createElement( type, props );
		}
		if ( childrenAreStatic && Array.isArray( children ) ) {
			return React.createElement.apply( null, [ type, props ].concat( children ) );
		}
		return React.createElement( type, props, children );
	}
	window.ReactJSXRuntime = {
		Fragment: React.Fragment,
		jsx: function ( type, config, maybeKey ) {
			return element( type, config, maybeKey, false );
		},
		jsxs: function ( type, config, maybeKey ) {
			return element( type, config, maybeKey, true );
		},
	};
} )( window.React );
